import { makeProjectQueries, type ProjectRow } from '@vitrine/db/queries/projects';
import { makeRatingQueries } from '@vitrine/db/queries/ratings';
import type { MemberCaller } from '../context';
import { OWN_PROJECT_RATE } from '../errors';
import { authorize } from '../policies';
import { lockReadableProject, viewerOf } from '../loaders';
import { commit } from './commit';
import { countsOf } from './counts';

/**
 * A signed-in, active member rates a project 1..10, never their own (403); a re-rate replaces their rating (`updated`).
 * With the project row locked, the rating, the recomputed averageRating / totalRatings and the
 * rating.saved event (carrying all three counts, for the live push) commit together. Answers the
 * updated project as the transaction read it, so nothing reads it again.
 */
export async function ratingSaver(
  caller: MemberCaller,
  input: { projectId: number; rating: number },
): Promise<{ updated: boolean; project: ProjectRow }> {
  return commit(caller, async (tx, emit) => {
    const projects = makeProjectQueries(tx);
    const target = await lockReadableProject(tx, caller.user, input.projectId);
    authorize(caller.user, 'project.rate', target, OWN_PROJECT_RATE);
    const { updated } = await makeRatingQueries(tx).upsertRating({
      projectId: input.projectId,
      userId: caller.user.id,
      ip: caller.ip,
      rating: input.rating,
    });
    const project = await projects.refreshRatingStatsOf(input.projectId, viewerOf(caller));
    emit({ name: 'rating.saved', ...countsOf(project) });
    return { updated, project };
  });
}
