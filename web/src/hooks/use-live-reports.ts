import { useSWRConfig } from 'swr';
import type { ServerToClientEvents } from '@vitrine/domain/events';
import { useLiveEvent } from './use-live-event';

/** The payload of a 'report:created' push. */
export type LiveReport = Parameters<ServerToClientEvents['report:created']>[0];

/** SWR keys of the admin report lists (every status tab). */
export function isReportsKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith('/api/admin/reports');
}

/**
 * For the admin dashboard: when a member reports a project, the report lists are revalidated and
 * `onReport` (e.g. a toast 'New report: {projectTitle}') is called. Only admins' sockets receive it.
 */
export function useReportsLive(onReport?: (report: LiveReport) => void): void {
  const { mutate } = useSWRConfig();
  useLiveEvent('report:created', (report) => {
    void mutate(isReportsKey);
    onReport?.(report);
  });
}
