import useSWR from 'swr';
import type { MessageView } from '@vitrine/domain/types';
import { fetcher } from '../../../lib/api';
import { FRESH_ON_MOUNT } from '../../../lib/live-keys';
import { ADMIN_MESSAGES_KEY, MESSAGES_KEY } from './keys';

/** Which inbox to read: the viewer's own, or (admins) every message. */
export type InboxSource = 'mine' | 'admin';

/** The SWR key of an inbox source. */
export function inboxKey(source: InboxSource): string {
  return source === 'admin' ? ADMIN_MESSAGES_KEY : MESSAGES_KEY;
}

/** The inbox list (GET /api/messages, or GET /api/admin/messages for the admin dashboard). */
export function useMessages(source: InboxSource, enabled = true) {
  return useSWR<MessageView[], Error>(enabled ? inboxKey(source) : null, fetcher, FRESH_ON_MOUNT);
}
