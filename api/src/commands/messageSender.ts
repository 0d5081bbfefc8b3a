import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeMessageQueries, type NewMessage } from '@vitrine/db/queries/messages';
import { makeUserQueries } from '@vitrine/db/queries/users';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';

/** How a message came to be: the event's `kind` (domain/src/events.ts). */
export type MessageKind = 'contact' | 'reply' | 'direct';

/** Answer when a member writes to themselves. */
export const SELF_MESSAGE = 'You cannot send a message to yourself';
/** Answer when the chosen recipient does not exist. */
export const RECIPIENT_NOT_FOUND = 'User not found';

/**
 * Stores a message and its message.created event in one transaction, then publishes the event.
 * A recipient who disappears meanwhile makes the foreign key fail, answered 404 by the error middleware.
 */
export async function messageSender(
  ctx: AppContext,
  input: NewMessage & { kind: MessageKind; sendCopy?: boolean; emailMode?: boolean },
): Promise<number> {
  const { kind, sendCopy = false, emailMode = false, ...row } = input;
  const [id, events] = await ctx.deps.sql.begin(async (tx) => {
    const messageId = await makeMessageQueries(tx).insertMessage(row);
    const stored = await makeEventQueries(tx).recordEvents([
      {
        name: 'message.created',
        messageId,
        recipientUserId: row.recipientUserId,
        senderUserId: row.senderUserId,
        kind,
        sendCopy,
        emailMode,
      },
    ]);
    return [messageId, stored] as const;
  });
  await ctx.deps.publisher.publish(events);
  return id;
}

/** Checks that `recipientUserId` names another existing user, else 400 (yourself) or 404 (nobody). */
export async function ensureRecipient(ctx: AppContext, senderUserId: number, recipientUserId: number): Promise<void> {
  if (recipientUserId === senderUserId) throw badRequest(SELF_MESSAGE);
  const recipient = await makeUserQueries(ctx.deps.sql).findUserById(recipientUserId);
  if (!recipient) throw notFound(RECIPIENT_NOT_FOUND);
}

/**
 * A member's (or an admin's) message to another user: the Message User tab and the admin composer.
 * The sender is the signed-in user; no name or email is stored, the username identifies them.
 */
export async function directMessageSender(
  ctx: AppContext,
  input: { recipientUserId: number; subject: string; message: string },
): Promise<number> {
  const sender = ctx.state.user!;
  await ensureRecipient(ctx, sender.id, input.recipientUserId);
  return messageSender(ctx, {
    kind: 'direct',
    senderUserId: sender.id,
    senderName: null,
    senderEmail: null,
    recipientUserId: input.recipientUserId,
    subject: input.subject,
    message: input.message,
  });
}
