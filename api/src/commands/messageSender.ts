import { makeMessageQueries, type NewMessage } from '@vitrine/db/queries/messages';
import type { Caller } from '../context';
import { commit } from './commit';

/** How a message came to be: the event's `kind` (domain/src/events.ts). */
export type MessageKind = 'contact' | 'reply' | 'direct';

/**
 * Stores a message and its message.created event in one transaction, then publishes the event (the
 * common last step of contactMessageSender, directMessageSender and messageReplier).
 * A recipient who disappears meanwhile makes the foreign key fail, answered 404 by the error middleware.
 */
export async function messageSender(
  caller: Caller,
  input: NewMessage & { kind: MessageKind; sendCopy?: boolean; emailMode?: boolean },
): Promise<number> {
  const { kind, sendCopy = false, emailMode = false, ...row } = input;
  return commit(caller, async (tx, emit) => {
    const messageId = await makeMessageQueries(tx).insertMessage(row);
    emit({ name: 'message.created', messageId, recipientUserId: row.recipientUserId, senderUserId: row.senderUserId, kind, sendCopy, emailMode });
    return messageId;
  });
}
