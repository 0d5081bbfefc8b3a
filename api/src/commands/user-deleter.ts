import type { TransactionSql } from 'postgres';
import { makeProjectMediaQueries, type MediaVariantRow } from '@vitrine/db/queries/project-media';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeRatingQueries } from '@vitrine/db/queries/ratings';
import { lockBoardsForDeletion } from '@vitrine/db/queries/rankings';
import { forgetVotesOf } from '@vitrine/db/queries/tallies';
import { recordModeration } from '@vitrine/db/queries/moderation-log';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { makeVoteQueries } from '@vitrine/db/queries/votes';
import type { MemberCaller } from '../context';
import { badRequest, notFound } from '../errors';
import { commit, type Emit } from './commit';
import { changeRaterStanding } from './rater-standing';
import { USER_NOT_FOUND } from './admin-status-setter';
import { removeFiles } from '../media/files';

/** An admin never deletes their own account. */
export const OWN_ACCOUNT_DELETE = 'You cannot delete your own account';

/**
 * Deletes a user (never oneself) and, by cascade, their projects and their votes and ratings elsewhere,
 * whose counters are corrected in the same transaction (removeUser). Logs the moderation with its public
 * reason; the entry names no one (the account is gone, so its name is redacted).
 */
export async function userDeleter(caller: MemberCaller, input: { userId: number; reason?: string }): Promise<void> {
  if (input.userId === caller.user.id) throw badRequest(OWN_ACCOUNT_DELETE);
  const pictures = await commit(caller, async (tx, emit) => {
    const removed = await removeUser(tx, emit, input.userId);
    await recordModeration(tx, {
      action: 'user.deleted',
      subject: { id: input.userId },
      reason: input.reason,
      actorId: caller.user.id,
    });
    return removed;
  });
  await removeFiles(caller.deps.media.store, pictures);
}

/** What removeUser may do besides: a check inside the transaction, and who asked. */
export interface RemoveUserOptions {
  /** Runs in the transaction once the boards are locked and before any row is removed; throws to refuse. */
  check?: (tx: TransactionSql) => Promise<void>;
  /** The member deletes their own account: user.deleted then disconnects their sockets (runtime/src/live.ts). */
  byOwner?: boolean;
}

/**
 * The one deletion of an account, for the admin's (userDeleter) and the member's own
 * (accountDeleter), inside the caller's transaction: the user row and, by cascade, their projects and
 * their votes and ratings elsewhere, whose counters are corrected. Records user.deleted, project.deleted
 * for each of their projects and project.updated for projects whose votes or ratings they had given.
 * Answers the files of their projects' pictures, for the caller to remove once the deletion is committed.
 */
export async function removeUser(
  tx: TransactionSql,
  emit: Emit,
  userId: number,
  options: RemoveUserOptions = {},
): Promise<MediaVariantRow[]> {
  // First, before any row: the cascade reaches the ranking boards, which a swap may be rewriting.
  await lockBoardsForDeletion(tx);
  await options.check?.(tx);
  const projects = makeProjectQueries(tx);
  const owned = await projects.listIdsOfOwner(userId);
  // The pictures' rows go by cascade with the projects; their files, after the commit.
  const pictures = await makeProjectMediaQueries(tx).listMediaOf(owned);
  const voted = await makeVoteQueries(tx).countByVoterOnOthers(userId);
  const rated = await makeRatingQueries(tx).listRatedByOnOthers(userId);
  // The ranking tallies counted their votes, which the delete removes by cascade.
  await forgetVotesOf(tx, userId);
  // Their ratings of others go by cascade: the tiers those made are recomputed without them.
  const deleted = await changeRaterStanding(tx, emit, [userId], () => makeUserQueries(tx).deleteUser(userId));
  if (!deleted) throw notFound(USER_NOT_FOUND);
  for (const v of voted) await projects.subtractVotes(v.projectId, v.n, v.w);
  await projects.refreshRatingStats(rated);
  emit(options.byOwner ? { name: 'user.deleted', userId, byOwner: true } : { name: 'user.deleted', userId });
  for (const projectId of owned) emit({ name: 'project.deleted', projectId });
  const updated = [...new Set([...voted.map((v) => v.projectId), ...rated])].sort((a, b) => a - b);
  for (const projectId of updated) emit({ name: 'project.updated', projectId });
  return pictures.flatMap((row) => row.variants);
}
