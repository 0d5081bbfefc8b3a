import type { AdminUserRow } from '@vitrine/db/queries/moderation';
import { makeUserQueries } from '@vitrine/db/queries/users';
import type { MemberCaller } from '../context';
import { badRequest, notFound } from '../errors';

/** Spec §5: an admin never changes their own admin status. */
export const OWN_ADMIN_STATUS = 'You cannot change your own admin status';
/** A user id that names no user. */
export const USER_NOT_FOUND = 'User not found';

/** Makes a user an admin or removes it (never oneself). A new admin is unpaused. */
export async function adminStatusSetter(caller: MemberCaller, input: { userId: number; isAdmin: boolean }): Promise<AdminUserRow> {
  if (input.userId === caller.user.id) throw badRequest(OWN_ADMIN_STATUS);
  const row = await makeUserQueries(caller.deps.sql).setAdmin(input.userId, input.isAdmin);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}
