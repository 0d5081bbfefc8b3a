import type { AdminUserRow } from '@vitrine/db/queries/moderation';
import { makeUserQueries } from '@vitrine/db/queries/users';
import type { MemberCaller } from '../context';
import { badRequest, notFound } from '../errors';
import { commit } from './commit';

/** An admin never changes their own admin status. */
export const OWN_ADMIN_STATUS = 'You cannot change your own admin status';
/** A user id that names no user. */
export const USER_NOT_FOUND = 'User not found';

/**
 * Makes a user an admin or removes it (never oneself). A new admin is unpaused. Records user.updated,
 * so the user's sockets move to the rooms the account now grants, on every API node.
 */
export async function adminStatusSetter(
  caller: MemberCaller,
  input: { userId: number; isAdmin: boolean },
): Promise<AdminUserRow> {
  if (input.userId === caller.user.id) throw badRequest(OWN_ADMIN_STATUS);
  const row = await commit(caller, async (tx, emit) => {
    const changed = await makeUserQueries(tx).setAdmin(input.userId, input.isAdmin);
    if (changed) emit({ name: 'user.updated', userId: input.userId });
    return changed;
  });
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}
