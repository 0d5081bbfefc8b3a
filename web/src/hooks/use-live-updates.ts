import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import type { ServerToClientEvents } from '@vitrine/domain/events';
import { getSocket, onResync } from '../lib/socket';
import { isShownKey, keysOf, STALE_AFTER, type InvalidatingEvent, type StaleRule } from '../lib/live-keys';
import { applyLiveCounts } from '../lib/project-cache';

/**
 * Mount once at the root of the app (inside SWRConfig). Opens the socket (it follows the signed-in
 * user by itself) and turns every push into SWR: `project:counts` is written into the cached answers
 * showing that project, the invalidating pushes revalidate the keys lib/live-keys.ts maps them to
 * (a burst settles first where the rule says so), and after a reconnect or a server `sync` everything
 * shown is revalidated, since pushes may have been missed. Lists made with useSWRInfinite are not
 * reached by key filters: their hook revalidates them on the same pushes.
 */
export function useLiveUpdates(): void {
  const { cache, mutate, fallback } = useSWRConfig();

  useEffect(() => {
    const socket = getSocket();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const settling = new Set<InvalidatingEvent>();
    const revalidate = (event: InvalidatingEvent, rule: StaleRule) => {
      if (!rule.settleMs) return void mutate(keysOf(...rule.keys));
      if (settling.has(event)) return;
      settling.add(event);
      const timer = setTimeout(() => {
        timers.delete(timer);
        settling.delete(event);
        void mutate(keysOf(...rule.keys));
      }, rule.settleMs);
      timers.add(timer);
    };
    const rules = Object.entries(STALE_AFTER) as Array<[InvalidatingEvent, StaleRule]>;
    const handlers = rules.map(([event, rule]) => [event, () => revalidate(event, rule)] as const);
    const onCounts: ServerToClientEvents['project:counts'] = (counts) => void applyLiveCounts({ cache, mutate, fallback }, counts);

    socket.on('project:counts', onCounts);
    for (const [event, handler] of handlers) socket.on(event, handler);
    const stopResync = onResync(() => void mutate(isShownKey));
    return () => {
      socket.off('project:counts', onCounts);
      for (const [event, handler] of handlers) socket.off(event, handler);
      stopResync();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [cache, mutate, fallback]);
}
