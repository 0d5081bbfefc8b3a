import { mutate } from 'swr';
import type { NotificationView } from '@vitrine/domain/answers';
import { apiKey, callApi, endpoints } from '../../lib/api';
import { useList } from '../../hooks/use-list';
import { useLiveEvent } from '../../hooks/use-live-event';
import { NOTIFICATION_COUNT_KEY } from '../../hooks/use-notification-count';

/** SWR key of the first page of the centre (GET /api/notifications). */
export const NOTIFICATIONS_KEY = apiKey(endpoints.notifications.list);

/** The member's notifications, refetched when a `notification:new` push arrives. */
export function useNotifications() {
  const list = useList<NotificationView>(NOTIFICATIONS_KEY, { revalidateOnMount: true });
  useLiveEvent('notification:new', () => void list.mutate());
  return list;
}

/** Marks the given notifications read (or all), then refreshes the list and the bell. */
export async function markNotificationsRead(ids?: number[]): Promise<void> {
  await callApi(endpoints.notifications.markRead, { body: ids ? { ids } : {} });
  await mutate(NOTIFICATION_COUNT_KEY);
}

/** Marks a notification read on the way to the page it links to, which opens at once. */
export function markReadOnOpen(item: NotificationView): void {
  if (item.readAt === null) void markNotificationsRead([item.id]).catch(() => {});
}
