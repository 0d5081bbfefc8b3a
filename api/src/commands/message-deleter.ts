import { makeMessageQueries } from '@vitrine/db/queries/messages';
import type { MemberCaller } from '../context';
import { loadVisibleMessage } from '../loaders';
import { authorize } from '../policies';
import { commit } from './commit';

/**
 * Deletes a message from the caller's view: an admin deletes the row for everyone; its sender or
 * recipient hides it from their own box (the row goes when no box keeps it).
 */
export async function messageDeleter(caller: MemberCaller, input: { id: number }): Promise<void> {
  const { user } = caller;
  const row = await loadVisibleMessage(caller, input.id);
  authorize(user, 'message.delete', row);
  if (user.isAdmin) {
    await makeMessageQueries(caller.deps.sql).deleteMessage(row.id);
    return;
  }
  await commit(caller, async (tx) => {
    const messages = makeMessageQueries(tx);
    if (row.senderUserId === user.id) await messages.hideFor(row.id, 'sender');
    if (row.recipientUserId === user.id) await messages.hideFor(row.id, 'recipient');
  });
}
