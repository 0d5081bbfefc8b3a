import type { z } from 'zod';
import type { contactSchema } from '@vitrine/domain/schemas/message';
import type { UserRow } from '@vitrine/db/queries/users';
import type { ContactCopy } from '@vitrine/domain/answers';
import type { Caller } from '../context';
import { badRequest, forbidden, PAUSED_MESSAGE, unauthorized } from '../errors';
import { ensureRecipient } from '../loaders';
import { spendAddressPoint } from './email-confirmation-starter';
import { messageSender } from './message-sender';

/** The answer of a sent contact message. */
export const CONTACT_SENT = 'Your message has been sent successfully.';
/** sendCopy while signed in needs an email in the profile (contact page hint). */
export const COPY_NEEDS_PROFILE_EMAIL = 'Add an email address to your profile to receive a copy of your message';
/** sendCopy while signed in needs a confirmed profile email. */
export const COPY_NEEDS_CONFIRMED_EMAIL = 'Confirm your email address in Settings to receive a copy of your message';
/** sendCopy from a visitor needs the email field. */
export const COPY_NEEDS_EMAIL = 'Please enter your email address to receive a copy of your message';
/** recipientUserId is for members only. */
export const RECIPIENT_NEEDS_LOGIN = 'You need to be logged in to message a user';

/** A validated contact form (contactSchema's output). */
export type ContactForm = z.output<typeof contactSchema>;

/**
 * POST /api/contact for visitors and members, paused ones included when they write to the admins. The sender's account comes from the session, never from
 * the body (senderUserId in the body is ignored); a member's hidden name and email fields were filled
 * from their profile before validation (contactDefaults). Platform and email modes both store the
 * message (to the admins, or to `recipientUserId` for members); email mode marks the event so the
 * worker emails it. Answers the message's id and what happens to the copy.
 *
 * The copy carries the sender's text, so it only goes to an address its owner confirmed:
 * a member's confirmed profile address at once (an unconfirmed one is a 400); a visitor's typed
 * address gets a confirmation mail without the text, and the copy follows only if its link is
 * followed within CONFIRMATION_TTL_SECONDS. Each visitor copy needs its own confirmation: a stranger
 * typing someone's confirmed address would otherwise mail them his text.
 */
export async function contactMessageSender(
  caller: Caller,
  input: ContactForm,
): Promise<{ id: number; copy: ContactCopy }> {
  const { user } = caller;
  if (input.sendCopy) {
    if (user && !user.email) throw badRequest(COPY_NEEDS_PROFILE_EMAIL);
    if (user && !user.emailVerifiedAt) throw badRequest(COPY_NEEDS_CONFIRMED_EMAIL);
    if (!user && !input.senderEmail) throw badRequest(COPY_NEEDS_EMAIL);
  }
  const recipientUserId = input.recipientUserId ?? null;
  if (recipientUserId !== null) {
    if (!user) throw unauthorized(RECIPIENT_NEEDS_LOGIN);
    // A paused member may still ask the admins why (no recipient), but not write to other members.
    if (user.isPaused) throw forbidden(PAUSED_MESSAGE);
    await ensureRecipient(caller, user.id, recipientUserId);
  }
  const confirmCopyTo = input.sendCopy && !user ? input.senderEmail! : undefined;
  if (confirmCopyTo) await spendAddressPoint(caller, confirmCopyTo);
  const id = await messageSender(caller, {
    kind: 'contact',
    senderUserId: user?.id ?? null,
    senderName: input.senderName || null,
    senderEmail: input.senderEmail || null,
    recipientUserId,
    subject: input.subject,
    message: input.message,
    // message.created's sendCopy asks the worker for the copy now: only for a member's confirmed address.
    sendCopy: Boolean(input.sendCopy && user),
    emailMode: input.mode === 'email',
    confirmCopyTo,
  });
  return { id, copy: !input.sendCopy ? null : user ? 'sent' : 'confirm' };
}

/** A member's form hides name and email: empty or absent ones become their username and profile email. */
export function contactDefaults(body: unknown, user: UserRow | null): unknown {
  if (!user || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  return {
    ...b,
    senderName: blank(b.senderName) ? user.username : b.senderName,
    senderEmail: blank(b.senderEmail) ? user.email : b.senderEmail,
  };
}
