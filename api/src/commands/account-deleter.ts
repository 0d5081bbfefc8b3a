import type { AccountDeleteInput } from '@vitrine/domain/schemas/auth';
import { verifyPassword } from '@vitrine/db/passwords';
import { makeUserQueries } from '@vitrine/db/queries/users';
import type { MemberCaller } from '../context';
import { badRequest } from '../errors';
import { commit } from './commit';
import { removeUser } from './user-deleter';
import { removeFiles } from '../media/files';

/** The 400 of a wrong password (not 401: the caller stays signed in and nothing is deleted). */
export const WRONG_PASSWORD = 'Password is incorrect';
/** The 400 of the only active admin: deleting them would leave nobody to run the site. */
export const LAST_ADMIN =
  'You are the only administrator. Make another member an administrator before deleting your account.';

/**
 * DELETE /api/users/me: checks the password, then deletes the caller's account exactly as the admin's
 * delete does (removeUser: their projects and, by cascade, what they own), recording user.deleted with
 * byOwner so their sockets are disconnected, then removes their pictures' files. An admin is refused when no other unpaused admin would
 * remain; the admins' rows are locked in id order, so two admins deleting themselves at once cannot
 * both pass the check.
 */
export async function accountDeleter(caller: MemberCaller, input: AccountDeleteInput): Promise<void> {
  const { user } = caller;
  if (!(await verifyPassword(user.passwordHash, input.password))) throw badRequest(WRONG_PASSWORD);
  const pictures = await commit(caller, (tx, emit) =>
    removeUser(tx, emit, user.id, {
      byOwner: true,
      check: async (t) => {
        const admins = await makeUserQueries(t).lockAdmins();
        const self = admins.find((a) => a.id === user.id);
        if (self && !admins.some((a) => a.id !== user.id && !a.isPaused)) throw badRequest(LAST_ADMIN);
      },
    }),
  );
  await removeFiles(caller.deps.media.store, pictures);
}
