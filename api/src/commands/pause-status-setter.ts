import { makeModerationQueries, type AdminUserRow } from '@vitrine/db/queries/moderation';
import { recordModeration } from '@vitrine/db/queries/moderation-log';
import { makeUserQueries } from '@vitrine/db/queries/users';
import type { MemberCaller } from '../context';
import { badRequest, notFound } from '../errors';
import { USER_NOT_FOUND } from './admin-status-setter';
import { commit } from './commit';
import { changeRaterStanding } from './rater-standing';

/** Admins cannot be paused. */
export const ADMINS_NOT_PAUSED = 'Admins cannot be paused';

/**
 * Pauses or unpauses a user; admins cannot be paused. A paused user may read but not write. Records
 * user.updated, so a paused user's sockets leave the private rooms on every API node, and logs the
 * moderation with its public reason.
 */
export async function pauseStatusSetter(
  caller: MemberCaller,
  input: { userId: number; isPaused: boolean; reason?: string },
): Promise<AdminUserRow> {
  const row = await commit(caller, async (tx, emit) => {
    // A paused rater's peer ratings stop counting toward tiers; unpaused, they count again.
    const changed = await changeRaterStanding(tx, emit, [input.userId], () =>
      makeUserQueries(tx).setPaused(input.userId, input.isPaused),
    );
    if (!changed) return changed;
    emit({ name: 'user.updated', userId: input.userId });
    await recordModeration(tx, {
      action: input.isPaused ? 'user.paused' : 'user.unpaused',
      subject: { id: input.userId, userId: input.userId },
      reason: input.reason,
      actorId: caller.user.id,
    });
    return changed;
  });
  if (row) return row;
  // Nothing changed: either no such user, or an admin asked to be paused (the UPDATE's own guard, so no race).
  if (!(await makeModerationQueries(caller.deps.sql).findAdminUser(input.userId))) throw notFound(USER_NOT_FOUND);
  throw badRequest(ADMINS_NOT_PAUSED);
}
