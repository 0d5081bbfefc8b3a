import { useApi } from './use-api';
import { apiKey, endpoints } from '../lib/api';
import { useLiveEvent } from './use-live-event';

/** SWR key of the header bell's count (GET /api/notifications/unread-count). */
export const NOTIFICATION_COUNT_KEY = apiKey(endpoints.notifications.unreadCount);

/**
 * The signed-in member's unread notifications, for the header's bell: fetched once, then set by
 * every `notification:new` push (which carries the new count). 0 while signed out (`enabled` false).
 */
export function useNotificationCount(enabled: boolean): number {
  const { data, mutate } = useApi(enabled ? NOTIFICATION_COUNT_KEY : null);
  useLiveEvent('notification:new', ({ unreadCount }) => {
    if (enabled) void mutate({ count: unreadCount }, { revalidate: false });
  });
  return enabled ? (data?.count ?? 0) : 0;
}
