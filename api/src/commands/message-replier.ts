import { makeMessageQueries, type MessageRow } from '@vitrine/db/queries/messages';
import { makeVisitorReplyQueries } from '@vitrine/db/queries/visitor-replies';
import type { MemberCaller } from '../context';
import { badRequest, notFound } from '../errors';
import { MESSAGE_NOT_FOUND } from '../loaders';
import { commit } from './commit';
import { messageSender } from './message-sender';

/** An admin cannot answer their own message. */
const OWN_MESSAGE_REPLY = 'You cannot reply to your own message';
/** A message from a visitor has no account to answer on the site. */
export const NO_SENDER_TO_REPLY = 'This message has no sender account to reply to';

/**
 * An admin's reply (POST /api/admin/messages/{id}/reply). To a sender account: a new message from the
 * admin to that account, answered by its id (the worker notifies the recipient by email when they have
 * a confirmed address). To a visitor (no account, an address typed in the contact form): the reply is
 * recorded in visitor_replies and the worker mails it to that address, quoting the original; answers
 * the original's id, whose card now shows when it was answered. A message with neither is a 400.
 *
 * The visitor's address was never confirmed, yet this mail is not held back (docs/security.md
 * "Mail and confirmed addresses"): an admin read the message and chose to answer it, as they would
 * from their own mail client; nobody but an admin can make the site write to that address this way,
 * and the adminMessage quota bounds how often.
 */
export async function messageReplier(
  caller: MemberCaller,
  input: { messageId: number; subject: string; message: string },
): Promise<number> {
  const original = await makeMessageQueries(caller.deps.sql).findMessageById(input.messageId);
  if (!original) throw notFound(MESSAGE_NOT_FOUND);
  if (original.senderUserId === null) {
    if (!original.senderEmail) throw badRequest(NO_SENDER_TO_REPLY);
    await visitorReplier(caller, original, original.senderEmail, input);
    return original.id;
  }
  if (original.senderUserId === caller.user.id) throw badRequest(OWN_MESSAGE_REPLY);
  return messageSender(caller, {
    kind: 'reply',
    senderUserId: caller.user.id,
    senderName: null,
    senderEmail: null,
    recipientUserId: original.senderUserId,
    subject: input.subject,
    message: input.message,
  });
}

/** Records the reply to a visitor and the event the worker mails it on, in one transaction. */
async function visitorReplier(
  caller: MemberCaller,
  original: MessageRow,
  toEmail: string,
  input: { subject: string; message: string },
): Promise<void> {
  await commit(caller, async (tx, emit) => {
    const replyId = await makeVisitorReplyQueries(tx).insertReply({
      messageId: original.id,
      adminUserId: caller.user.id,
      toEmail,
      subject: input.subject,
      message: input.message,
      originalSubject: original.subject,
      originalMessage: original.message,
    });
    emit({ name: 'visitorReply.created', replyId, messageId: original.id });
  });
}
