import { useApi } from '../../../hooks/use-api';
import { UNREAD_COUNT_KEY } from './keys';

/**
 * Unread messages of the signed-in viewer, for the header's Messages badge
 * (GET /api/messages/unread-count). Pass `enabled = false` while signed out: nothing is fetched and
 * the count is 0. Message mutations here and live `messages:changed` pushes revalidate it.
 */
export function useUnreadCount(enabled = true): number {
  const { data } = useApi(enabled ? UNREAD_COUNT_KEY : null);
  return enabled ? (data?.count ?? 0) : 0;
}
