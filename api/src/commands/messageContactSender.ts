import { contactSchema } from '@vitrine/domain/schemas/message';
import type { AppContext } from '../context';
import { badRequest, forbidden, PAUSED_MESSAGE, unauthorized } from '../errors';
import { consume } from '../middleware/rate-limit';
import { parse } from '../validate';
import { ensureRecipient, messageSender } from './messageSender';

/** The answer of a sent contact message (spec §8). */
export const CONTACT_SENT = 'Your message has been sent successfully.';
/** sendCopy while signed in needs an email in the profile (contact page hint). */
export const COPY_NEEDS_PROFILE_EMAIL = 'Add an email address to your profile to receive a copy of your message';
/** sendCopy from a visitor needs the email field. */
export const COPY_NEEDS_EMAIL = 'Please enter your email address to receive a copy of your message';
/** recipientUserId is for members only. */
export const RECIPIENT_NEEDS_LOGIN = 'You need to be logged in to message a user';

/**
 * POST /api/contact for visitors and members. The sender's account comes from the session, never from
 * the body (senderUserId in the body is ignored); a member's hidden name and email fields default to
 * their username and profile email. Platform and email modes both store the message (to the admins,
 * or to `recipientUserId` for members); email mode marks the event so the worker emails it.
 */
export async function contactMessageSender(ctx: AppContext, body: unknown): Promise<number> {
  const user = ctx.state.user;
  if (user?.isPaused) throw forbidden(PAUSED_MESSAGE);
  const input = parse(contactSchema, user ? withProfileDefaults(body, user.username, user.email) : body);
  if (input.sendCopy) {
    if (user && !user.email) throw badRequest(COPY_NEEDS_PROFILE_EMAIL);
    if (!user && !input.senderEmail) throw badRequest(COPY_NEEDS_EMAIL);
  }
  const recipientUserId = input.recipientUserId ?? null;
  if (recipientUserId !== null) {
    if (!user) throw unauthorized(RECIPIENT_NEEDS_LOGIN);
    await ensureRecipient(ctx, user.id, recipientUserId);
  }
  await consume(ctx, 'contact', `ip:${ctx.ip}`);
  return messageSender(ctx, {
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
function withProfileDefaults(body: unknown, username: string, email: string | null): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  return {
    ...b,
    senderName: b.senderName === undefined || b.senderName === null || b.senderName === '' ? username : b.senderName,
    senderEmail: b.senderEmail === undefined || b.senderEmail === null || b.senderEmail === '' ? email : b.senderEmail,
  };
}
