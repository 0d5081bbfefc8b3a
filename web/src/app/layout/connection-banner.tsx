import { useEffect, useState, useSyncExternalStore } from 'react';
import { WifiOff, RefreshCw } from 'lucide-react';
import { withSocket } from '../../lib/socket';

/** How long the live connection may be down (while online) before the banner says so: a blip says nothing. */
const RECONNECTING_AFTER_MS = 4000;

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it is online (true on the server, which renders no banner). */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** True once the live connection has been down for RECONNECTING_AFTER_MS after having been up. */
function useLiveConnectionLost(): boolean {
  const [lost, setLost] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return withSocket((socket) => {
      const onDisconnect = () => {
        clearTimeout(timer);
        timer = setTimeout(() => setLost(true), RECONNECTING_AFTER_MS);
      };
      const onConnect = () => {
        clearTimeout(timer);
        setLost(false);
      };
      socket.on('disconnect', onDisconnect);
      socket.on('connect', onConnect);
      return () => {
        clearTimeout(timer);
        socket.off('disconnect', onDisconnect);
        socket.off('connect', onConnect);
      };
    });
  }, []);
  return lost;
}

/**
 * A quiet note at the foot of the screen while the browser is offline ("You are offline") or the live
 * connection is being re-established; fixed in place, so nothing on the page moves. Socket.IO
 * reconnects by itself and then everything shown is refetched (lib/socket.ts).
 */
export function ConnectionBanner() {
  const online = useOnline();
  const lost = useLiveConnectionLost();
  const text = !online
    ? 'You are offline. What you do now will not be saved until the connection is back.'
    : lost
      ? 'Reconnecting to live updates…'
      : null;
  const Icon = online ? RefreshCw : WifiOff;
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {text ? (
        <p
          data-testid="connection-banner"
          className="pointer-events-auto flex max-w-md items-center gap-2 rounded-full border border-zinc-200 bg-white/95 px-4 py-2 text-sm text-zinc-700 shadow-md backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95 dark:text-zinc-200"
        >
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          {text}
        </p>
      ) : null}
    </div>
  );
}
