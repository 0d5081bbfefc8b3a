import type { MemberCaller } from '../context';
import { badRequest, conflict } from '../errors';
import { commit } from './commit';
import { spendAddressPoint, startEmailConfirmation } from './email-confirmation-starter';

/** The 400 of a resend without an address. */
export const NO_EMAIL_TO_CONFIRM = 'Add an email address in Settings first';
/** The 409 of a resend for a confirmed address. */
export const EMAIL_ALREADY_CONFIRMED = 'Your email address is already confirmed';
/** The answer of a resend. */
export const CONFIRMATION_SENT = 'We sent a new confirmation link to your email address. It works for 24 hours.';

/** POST /api/users/me/email-confirmation: mails the member a new link for their unconfirmed address. */
export async function confirmationResender(caller: MemberCaller): Promise<void> {
  const { email, emailVerifiedAt, id } = caller.user;
  if (!email) throw badRequest(NO_EMAIL_TO_CONFIRM);
  if (emailVerifiedAt) throw conflict(EMAIL_ALREADY_CONFIRMED);
  await spendAddressPoint(caller, email);
  await commit(caller, (tx, emit) => startEmailConfirmation(tx, emit, { email, userId: id }));
}
