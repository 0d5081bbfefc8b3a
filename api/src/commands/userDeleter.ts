import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeRatingQueries } from '@vitrine/db/queries/ratings';
import { lockBoardsForDeletion } from '@vitrine/db/queries/rankings';
import { forgetVotesOf } from '@vitrine/db/queries/tallies';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { makeVoteQueries } from '@vitrine/db/queries/votes';
import type { MemberCaller } from '../context';
import { badRequest, notFound } from '../errors';
import { commit } from './commit';
import { USER_NOT_FOUND } from './adminStatusSetter';

/** Spec §5: an admin never deletes their own account. */
export const OWN_ACCOUNT_DELETE = 'You cannot delete your own account';

/**
 * Deletes a user (never oneself) and, by cascade, their projects and their votes and ratings elsewhere,
 * whose counters are corrected in the same transaction. Records user.deleted, project.deleted for each
 * of their projects and project.updated for projects whose votes or ratings they had given.
 */
export async function userDeleter(caller: MemberCaller, input: { userId: number }): Promise<void> {
  if (input.userId === caller.user.id) throw badRequest(OWN_ACCOUNT_DELETE);
  await commit(caller, async (tx, emit) => {
    // First, before any row: the cascade reaches the ranking boards, which a swap may be rewriting.
    await lockBoardsForDeletion(tx);
    const projects = makeProjectQueries(tx);
    const owned = await projects.listIdsOfOwner(input.userId);
    const voted = await makeVoteQueries(tx).countByVoterOnOthers(input.userId);
    const rated = await makeRatingQueries(tx).listRatedByOnOthers(input.userId);
    // The ranking tallies counted their votes, which the delete removes by cascade.
    await forgetVotesOf(tx, input.userId);
    if (!(await makeUserQueries(tx).deleteUser(input.userId))) throw notFound(USER_NOT_FOUND);
    for (const v of voted) await projects.subtractVotes(v.projectId, v.n);
    await projects.refreshRatingStats(rated);
    emit({ name: 'user.deleted', userId: input.userId });
    for (const projectId of owned) emit({ name: 'project.deleted', projectId });
    const updated = [...new Set([...voted.map((v) => v.projectId), ...rated])].sort((a, b) => a - b);
    for (const projectId of updated) emit({ name: 'project.updated', projectId });
  });
}
