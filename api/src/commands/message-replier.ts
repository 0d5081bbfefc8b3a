import { makeMessageQueries } from '@vitrine/db/queries/messages';
import type { MemberCaller } from '../context';
import { badRequest, notFound } from '../errors';
import { MESSAGE_NOT_FOUND } from '../loaders';
import { messageSender } from './message-sender';

/** An admin cannot answer their own message. */
const OWN_MESSAGE_REPLY = 'You cannot reply to your own message';
/** A message from a visitor has no account to answer on the site. */
export const NO_SENDER_TO_REPLY = 'This message has no sender account to reply to';

/**
 * An admin's reply (POST /api/admin/messages/{id}/reply): a new message from the admin to the
 * original message's sender account. The worker notifies the recipient by email when they have one.
 */
export async function messageReplier(
  caller: MemberCaller,
  input: { messageId: number; subject: string; message: string },
): Promise<number> {
  const original = await makeMessageQueries(caller.deps.sql).findMessageById(input.messageId);
  if (!original) throw notFound(MESSAGE_NOT_FOUND);
  if (original.senderUserId === null) throw badRequest(NO_SENDER_TO_REPLY);
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
