import { makeUserQueries } from '@vitrine/db/queries/users';
import { BAD_UNSUBSCRIBE_TOKEN } from '@vitrine/domain/notifications';
import { verifyUnsubscribeToken } from '@vitrine/runtime/unsubscribe-token';
import type { Caller } from '../context';
import { badRequest } from '../errors';

/** The answer of an unsubscribe. */
export const UNSUBSCRIBED = 'You will get no more notification emails. Turn them on again in Settings.';

/**
 * A one-click unsubscribe (RFC 8058) from a notification mail: the signed token names the member, whose
 * notification mail is turned off. Anyone holding the link may use it, signed in or not, as the RFC asks.
 */
export async function unsubscriber(caller: Caller, input: { token: string | undefined }): Promise<void> {
  const userId = input.token ? verifyUnsubscribeToken(input.token, caller.deps.config.sessionSecret) : null;
  if (userId === null) throw badRequest(BAD_UNSUBSCRIBE_TOKEN);
  // A member deleted since keeps nothing to unsubscribe: the same answer.
  await makeUserQueries(caller.deps.sql).unsubscribeNotifications(userId);
}
