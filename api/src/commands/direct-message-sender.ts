import type { MemberCaller } from '../context';
import { ensureRecipient } from '../loaders';
import { messageSender } from './message-sender';

/**
 * A member's (or an admin's) message to another user: the Message User tab and the admin composer.
 * The sender is the signed-in user; no name or email is stored, the username identifies them.
 */
export async function directMessageSender(
  caller: MemberCaller,
  input: { recipientUserId: number; subject: string; message: string },
): Promise<number> {
  await ensureRecipient(caller, caller.user.id, input.recipientUserId);
  return messageSender(caller, {
    kind: 'direct',
    senderUserId: caller.user.id,
    senderName: null,
    senderEmail: null,
    recipientUserId: input.recipientUserId,
    subject: input.subject,
    message: input.message,
  });
}
