import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeRatingQueries } from '@vitrine/db/queries/ratings';
import type { MemberCaller } from '../context';
import { ensureReadable } from '../loaders';
import { commit } from './commit';

/**
 * A signed-in, active member rates a project 1..10; a re-rate replaces their rating (`updated`).
 * With the project row locked, the rating, the recomputed averageRating / totalRatings and the
 * rating.saved event commit together.
 */
export async function ratingSaver(
  caller: MemberCaller,
  input: { projectId: number; rating: number },
): Promise<{ updated: boolean; averageRating: number; totalRatings: number }> {
  return commit(caller, async (tx, emit) => {
    const projects = makeProjectQueries(tx);
    ensureReadable(caller.user, await projects.lockProject(input.projectId));
    const { updated } = await makeRatingQueries(tx).upsertRating({ projectId: input.projectId, userId: caller.user.id, ip: caller.ip, rating: input.rating });
    const stats = (await projects.refreshRatingStats([input.projectId])).get(input.projectId)!;
    emit({ name: 'rating.saved', projectId: input.projectId, ...stats });
    return { updated, ...stats };
  });
}
