import type { MessageView } from '@vitrine/domain/types';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { ADMIN_MESSAGES_KEY, MESSAGES_KEY } from './keys';

/** Which inbox to read: the viewer's own, or (admins) every message. */
export type InboxSource = 'mine' | 'admin';

/** The SWR key of an inbox source. */
function inboxKey(source: InboxSource): string {
  return source === 'admin' ? ADMIN_MESSAGES_KEY : MESSAGES_KEY;
}

/** The inbox list, a page at a time (GET /api/messages, or GET /api/admin/messages for the admin dashboard). */
export function useMessages(source: InboxSource, enabled = true) {
  return useKeysetList<MessageView>(enabled ? inboxKey(source) : null);
}
