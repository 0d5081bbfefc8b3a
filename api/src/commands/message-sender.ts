import { makeMessageQueries, type NewMessage } from '@vitrine/db/queries/messages';
import type { Caller } from '../context';
import { commit } from './commit';
import { startEmailConfirmation } from './email-confirmation-starter';

/** How a message came to be: the event's `kind` (domain/src/events.ts). */
export type MessageKind = 'contact' | 'reply' | 'direct';

/**
 * Stores a message and its message.created event in one transaction, then publishes the event (the
 * common last step of contactMessageSender, directMessageSender and messageReplier).
 * A recipient who disappears meanwhile makes the foreign key fail, answered 404 by the error middleware.
 * `confirmCopyTo` (a visitor's contact copy) records a confirmation of that address for this
 * message in the same transaction: the copy goes out only once its link is followed.
 */
export async function messageSender(
  caller: Caller,
  input: NewMessage & { kind: MessageKind; sendCopy?: boolean; emailMode?: boolean; confirmCopyTo?: string },
): Promise<number> {
  const { kind, sendCopy = false, emailMode = false, confirmCopyTo, ...row } = input;
  return commit(caller, async (tx, emit) => {
    const messageId = await makeMessageQueries(tx).insertMessage(row);
    emit({
      name: 'message.created',
      messageId,
      recipientUserId: row.recipientUserId,
      senderUserId: row.senderUserId,
      kind,
      sendCopy,
      emailMode,
    });
    if (confirmCopyTo) await startEmailConfirmation(tx, emit, { email: confirmCopyTo, messageId });
    return messageId;
  });
}
