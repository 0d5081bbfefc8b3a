import useSWR from 'swr';
import { apiKey, endpoints, fetcher, type AnswerOf } from '../lib/api';
import { useLiveEvent } from './use-live-event';

/** SWR key of the header bell's count (GET /api/notifications/unread-count). */
export const NOTIFICATION_COUNT_KEY = apiKey(endpoints.notifications.unreadCount);

/**
 * The signed-in member's unread notifications, for the header's bell: fetched once, then set by
 * every `notification:new` push (which carries the new count). 0 while signed out (`enabled` false).
 */
export function useNotificationCount(enabled: boolean): number {
  const { data, mutate } = useSWR<AnswerOf<typeof endpoints.notifications.unreadCount>>(
    enabled ? NOTIFICATION_COUNT_KEY : null,
    fetcher,
  );
  useLiveEvent('notification:new', ({ unreadCount }) => {
    if (enabled) void mutate({ count: unreadCount }, { revalidate: false });
  });
  return enabled ? (data?.count ?? 0) : 0;
}
