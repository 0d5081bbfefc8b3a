import { useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '@vitrine/domain/events';
import { withSocket } from '../lib/socket';

/**
 * Runs `handler` for each `event` pushed by the server while mounted (the latest handler is used,
 * so an inline function is fine). For a screen's own reaction to a push (the admin page's new-report
 * toast, the test-request toasts); the pushes every screen shares are turned into SWR revalidations once,
 * by use-live-updates.ts.
 */
export function useLiveEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...a: unknown[]) => void)(...args)) as never;
    return withSocket((socket) => {
      socket.on(event, listener);
      return () => {
        socket.off(event, listener);
      };
    });
  }, [event]);
}
