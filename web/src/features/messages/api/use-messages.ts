import { useList } from '../../../hooks/use-list';
import { ADMIN_MESSAGES_KEY, MESSAGES_KEY } from './keys';

/** Which inbox to read: the viewer's own, or (admins) every message. */
export type InboxSource = 'mine' | 'admin';

/** The SWR key of an inbox source. */
export function inboxKey(source: InboxSource) {
  return source === 'admin' ? ADMIN_MESSAGES_KEY : MESSAGES_KEY;
}

/** The inbox list, a page at a time (GET /api/messages, or GET /api/admin/messages for the admin dashboard). */
export function useMessages(source: InboxSource, enabled = true) {
  return useList(enabled ? inboxKey(source) : null, { revalidateOnMount: true });
}
