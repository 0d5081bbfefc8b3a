import type { z } from 'zod';
import type { contactSchema } from '@vitrine/domain/schemas/message';
import type { UserRow } from '@vitrine/db/queries/users';
import type { Caller } from '../context';
import { badRequest, unauthorized } from '../errors';
import { ensureRecipient } from '../loaders';
import { messageSender } from './messageSender';

/** The answer of a sent contact message (spec §8). */
export const CONTACT_SENT = 'Your message has been sent successfully.';
/** sendCopy while signed in needs an email in the profile (contact page hint). */
export const COPY_NEEDS_PROFILE_EMAIL = 'Add an email address to your profile to receive a copy of your message';
/** sendCopy from a visitor needs the email field. */
export const COPY_NEEDS_EMAIL = 'Please enter your email address to receive a copy of your message';
/** recipientUserId is for members only. */
export const RECIPIENT_NEEDS_LOGIN = 'You need to be logged in to message a user';

/** A validated contact form (contactSchema's output). */
export type ContactForm = z.output<typeof contactSchema>;

/**
 * POST /api/contact for visitors and members. The sender's account comes from the session, never from
 * the body (senderUserId in the body is ignored); a member's hidden name and email fields were filled
 * from their profile before validation (contactDefaults). Platform and email modes both store the
 * message (to the admins, or to `recipientUserId` for members); email mode marks the event so the
 * worker emails it. Answers the message's id.
 */
export async function contactMessageSender(caller: Caller, input: ContactForm): Promise<number> {
  const { user } = caller;
  if (input.sendCopy) {
    if (user && !user.email) throw badRequest(COPY_NEEDS_PROFILE_EMAIL);
    if (!user && !input.senderEmail) throw badRequest(COPY_NEEDS_EMAIL);
  }
  const recipientUserId = input.recipientUserId ?? null;
  if (recipientUserId !== null) {
    if (!user) throw unauthorized(RECIPIENT_NEEDS_LOGIN);
    await ensureRecipient(caller, user.id, recipientUserId);
  }
  return messageSender(caller, {
    kind: 'contact',
    senderUserId: user?.id ?? null,
    senderName: input.senderName || null,
    senderEmail: input.senderEmail || null,
    recipientUserId,
    subject: input.subject,
    message: input.message,
    sendCopy: input.sendCopy ?? false,
    emailMode: input.mode === 'email',
  });
}

/** A member's form hides name and email: empty or absent ones become their username and profile email. */
export function contactDefaults(body: unknown, user: UserRow | null): unknown {
  if (!user || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  return { ...b, senderName: blank(b.senderName) ? user.username : b.senderName, senderEmail: blank(b.senderEmail) ? user.email : b.senderEmail };
}
