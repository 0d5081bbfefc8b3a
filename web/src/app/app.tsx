import { useEffect } from 'react';
import { SWRConfig } from 'swr';
import { fetcher } from '../lib/api';
import { useSession } from '../stores/session';
import { Toaster } from '../components/ui/toast';
import { Layout } from './layout/layout';
import { AppRoutes } from './routes';
import { ErrorBoundary } from './error-boundary';
import { useLiveUpdates } from '../hooks/use-live-updates';
import { useNotificationToasts } from '../features/notifications/use-notification-toasts';

/**
 * SWR defaults: data never goes stale by itself, no refetch on focus or reconnect,
 * no polling, no retries. Live updates (Socket.IO) and explicit mutate() refresh what is shown.
 */
const swrConfig = {
  fetcher,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
  refreshInterval: 0,
  dedupingInterval: 2000,
} as const;

/**
 * Socket.IO live updates; a component of its own so it runs inside SWRConfig (it uses its mutate).
 * The notifications a member may act on at once also toast as they arrive.
 */
function LiveUpdates() {
  useLiveUpdates();
  useNotificationToasts();
  return null;
}

/** The whole client: data defaults, session bootstrap, live updates, layout, routes and toasts. */
export function App() {
  const load = useSession((s) => s.load);
  useEffect(() => {
    // A page the server rendered already has its user (start.tsx), and load() returns at once; the
    // bare shell asks the API, from a task of its own so hydration's long task stays short.
    const timer = setTimeout(() => void load(), 0);
    return () => clearTimeout(timer);
  }, [load]);
  return (
    <SWRConfig value={swrConfig}>
      <LiveUpdates />
      <Layout>
        <AppRoutes />
      </Layout>
      <ErrorBoundary resetKey="toaster" fallback={() => null}>
        <Toaster />
      </ErrorBoundary>
    </SWRConfig>
  );
}
