import type { PasswordChangeInput } from '@vitrine/domain/schemas/auth';
import { hashPassword, verifyPassword } from '@vitrine/db/passwords';
import { makeUserQueries } from '@vitrine/db/queries/users';
import type { MemberCaller } from '../context';
import { badRequest } from '../errors';
import { ensurePasswordAllowed } from '../password-policy';

/** The 400 of a wrong current password (not 401: the caller stays signed in). */
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
/** The 400 of a new password equal to the current one. */
export const SAME_PASSWORD = 'Choose a new password that is different from your current one';
/** The answer of a changed password. */
export const PASSWORD_CHANGED = 'Your password has been changed. You have been signed out everywhere else.';

/**
 * POST /api/users/me/password: checks the current password, refuses a common or breached
 * new one, stores its hash and ends every session signed in before now. Answers the cut-off (the
 * route stamps the caller's own session with it, so that one stays signed in).
 */
export async function passwordChanger(caller: MemberCaller, input: PasswordChangeInput): Promise<Date> {
  const { user } = caller;
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw badRequest(WRONG_CURRENT_PASSWORD);
  if (input.newPassword === input.currentPassword) throw badRequest(SAME_PASSWORD);
  ensurePasswordAllowed(input.newPassword, user.username, caller.deps.config.siteName);
  const passwordHash = await hashPassword(input.newPassword);
  const cutoff = new Date();
  await makeUserQueries(caller.deps.sql).changePassword(user.id, passwordHash, cutoff);
  return cutoff;
}
