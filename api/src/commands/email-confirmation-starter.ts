import type { TransactionSql } from 'postgres';
import { makeEmailConfirmationQueries } from '@vitrine/db/queries/email-confirmations';
import type { Caller } from '../context';
import { consume } from '../middleware/rate-limit';
import type { Emit } from './commit';

/** How long a confirmation link works; a visitor's contact copy waits this long for it. */
export const CONFIRMATION_TTL_SECONDS = 24 * 60 * 60;

/**
 * Spends a point of the per-address limit before a confirmation mail is asked for, so one address is
 * not flooded with them by sign-ups, settings changes, resends or contact forms (429 when spent).
 */
export async function spendAddressPoint(caller: Caller, email: string): Promise<void> {
  await consume(caller, 'emailAddress', `email:${email.trim().toLowerCase()}`);
}

/**
 * Inside a command's transaction: records a confirmation of `email` for a member's address (`userId`)
 * or for one visitor's contact copy (`messageId`) and emits the event the worker mails the link on.
 * The mail carries no user text: only the site's name and the link.
 */
export async function startEmailConfirmation(
  tx: TransactionSql,
  emit: Emit,
  target: { email: string; userId: number } | { email: string; messageId: number },
): Promise<void> {
  const confirmationId = await makeEmailConfirmationQueries(tx).insertConfirmation({
    ...target,
    ttlSeconds: CONFIRMATION_TTL_SECONDS,
  });
  emit({ name: 'email.confirmationRequested', confirmationId });
}
