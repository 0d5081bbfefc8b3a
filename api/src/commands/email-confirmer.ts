import { hashToken } from '@vitrine/db/tokens';
import { makeEmailConfirmationQueries } from '@vitrine/db/queries/email-confirmations';
import { makeUserQueries } from '@vitrine/db/queries/users';
import type { EmailConfirmed } from '@vitrine/domain/types';
import type { Caller } from '../context';
import { badRequest } from '../errors';
import { commit } from './commit';

/** The 400 of an unknown, used or expired link (one message: it does not tell which). */
export const CONFIRMATION_INVALID = 'This confirmation link is invalid or has expired';
/** The 400 of a member's link whose address was changed since it was sent. */
export const CONFIRMATION_STALE = 'This link is for an email address that is no longer on the account';
/** The answer for a member's address. */
export const CONFIRMED_ACCOUNT = 'Your email address is confirmed.';
/** The answer for a visitor's contact copy. */
export const CONFIRMED_COPY = 'Your email address is confirmed. The copy of your message is on its way.';

/**
 * POST /api/email/confirm: follows a confirmation link, once. A member's address counts as
 * confirmed if it is still the one the link was sent to; a visitor's contact copy is released to the
 * worker (message.copyConfirmed). Anyone may call it: the token is the proof.
 */
export async function emailConfirmer(caller: Caller, input: { token: string }): Promise<EmailConfirmed> {
  return commit(caller, async (tx, emit) => {
    const confirmations = makeEmailConfirmationQueries(tx);
    const row = await confirmations.lockOpenByTokenHash(hashToken(input.token));
    if (!row) throw badRequest(CONFIRMATION_INVALID);
    if (row.userId !== null && !(await makeUserQueries(tx).confirmEmail(row.userId, row.email)))
      throw badRequest(CONFIRMATION_STALE);
    await confirmations.markUsed(row.id);
    if (row.messageId === null) return { message: CONFIRMED_ACCOUNT, confirmed: 'account' as const };
    emit({ name: 'message.copyConfirmed', messageId: row.messageId });
    return { message: CONFIRMED_COPY, confirmed: 'contactCopy' as const };
  });
}
