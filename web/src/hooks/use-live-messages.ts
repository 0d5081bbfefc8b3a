import { useSWRConfig } from 'swr';
import { useSession } from '../stores/session';
import { useLiveEvent } from './use-live-event';

/** SWR keys of everything message-shaped: inbox, admin inbox, unread count. */
export function isMessagesKey(key: unknown): boolean {
  return typeof key === 'string' && (key.startsWith('/api/messages') || key.startsWith('/api/admin/messages'));
}

/**
 * Keeps the inbox and the Messages button's unread badge live: on 'messages:changed' (a message
 * arrived for this user, or for the admins) every mounted message key is revalidated through the
 * API. Mount once where the signed-in header lives; does nothing for visitors (they get no pushes).
 */
export function useMessagesLive(): void {
  const { mutate } = useSWRConfig();
  const signedIn = useSession((s) => s.user !== null);
  useLiveEvent('messages:changed', () => {
    if (signedIn) void mutate(isMessagesKey);
  });
}
