import { makeMessageQueries, type MessageRow } from '@vitrine/db/queries/messages';
import type { MemberCaller } from '../context';
import { loadVisibleMessage } from '../loaders';
import { authorize } from '../policies';

/** A sender (or an admin on a member's message) trying to mark it read. */
export const ONLY_RECIPIENT_MARKS = 'Only the recipient can mark this message as read';

/** Marks a message read: its recipient, or an admin for a message to the admins. Answers the updated row. */
export async function messageReadMarker(caller: MemberCaller, input: { id: number }): Promise<MessageRow> {
  const row = await loadVisibleMessage(caller, input.id);
  authorize(caller.user, 'message.markRead', row, ONLY_RECIPIENT_MARKS);
  if (!row.isRead) await makeMessageQueries(caller.deps.sql).markRead(row.id);
  return { ...row, isRead: true };
}
