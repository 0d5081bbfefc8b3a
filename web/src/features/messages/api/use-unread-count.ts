import useSWR from 'swr';
import type { UnreadCount } from '@vitrine/domain/answers';
import { fetcher } from '../../../lib/api';
import { UNREAD_COUNT_KEY } from './keys';

/**
 * Unread messages of the signed-in viewer, for the header's Messages badge
 * (GET /api/messages/unread-count). Pass `enabled = false` while signed out: nothing is fetched and
 * the count is 0. Message mutations here and live `messages:changed` pushes revalidate it.
 */
export function useUnreadCount(enabled = true): number {
  const { data } = useSWR<UnreadCount, Error>(enabled ? UNREAD_COUNT_KEY : null, fetcher);
  return enabled ? (data?.count ?? 0) : 0;
}
