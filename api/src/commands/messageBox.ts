import { makeMessageQueries, type MessageRow } from '@vitrine/db/queries/messages';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { authorize, can } from '../policies';

/** The one answer for a message that is missing or not the caller's, so existence never leaks. */
export const MESSAGE_NOT_FOUND = 'Message not found';
/** A sender (or an admin on a member's message) trying to mark it read. */
export const ONLY_RECIPIENT_MARKS = 'Only the recipient can mark this message as read';

/** Loads a message the signed-in user may see, else 404 'Message not found'. */
export async function loadVisibleMessage(ctx: AppContext, id: number): Promise<MessageRow> {
  const row = await makeMessageQueries(ctx.deps.sql).findMessageById(id);
  if (!row || !can(ctx.state.user, 'message.view', row)) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

/** Marks a message read: its recipient, or an admin for a message to the admins. Answers the updated row. */
export async function messageReadMarker(ctx: AppContext, input: { id: number }): Promise<MessageRow> {
  const row = await loadVisibleMessage(ctx, input.id);
  authorize(ctx.state.user, 'message.markRead', row, ONLY_RECIPIENT_MARKS);
  const messages = makeMessageQueries(ctx.deps.sql);
  if (!row.isRead) await messages.markRead(row.id);
  return { ...row, isRead: true };
}

/**
 * Deletes a message from the caller's view: an admin deletes the row for everyone; its sender or
 * recipient hides it from their own box (the row goes when no box keeps it).
 */
export async function messageDeleter(ctx: AppContext, input: { id: number }): Promise<void> {
  const user = ctx.state.user!;
  const row = await loadVisibleMessage(ctx, input.id);
  authorize(user, 'message.delete', row);
  const messages = makeMessageQueries(ctx.deps.sql);
  if (user.isAdmin) {
    await messages.deleteMessage(row.id);
    return;
  }
  await ctx.deps.sql.begin(async (tx) => {
    const inTx = makeMessageQueries(tx);
    if (row.senderUserId === user.id) await inTx.hideFor(row.id, 'sender');
    if (row.recipientUserId === user.id) await inTx.hideFor(row.id, 'recipient');
  });
}
