import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeRatingQueries } from '@vitrine/db/queries/ratings';
import type { AppContext } from '../context';
import { ensureReadable } from './projectReader';

/**
 * A signed-in, active member rates a project 1..10; a re-rate replaces their rating (`updated`).
 * With the project row locked, the rating, the recomputed averageRating / totalRatings and the
 * rating.saved event commit together.
 */
export async function ratingSaver(
  ctx: AppContext,
  input: { projectId: number; rating: number },
): Promise<{ updated: boolean; averageRating: number; totalRatings: number }> {
  const user = ctx.state.user!;
  const { result, events } = await ctx.deps.sql.begin(async (tx) => {
    ensureReadable(ctx, await makeProjectQueries(tx).lockProject(input.projectId));
    const ratings = makeRatingQueries(tx);
    const { updated } = await ratings.upsertRating({ projectId: input.projectId, userId: user.id, ip: ctx.ip, rating: input.rating });
    const stats = await ratings.refreshRatingStats(input.projectId);
    const stored = await makeEventQueries(tx).recordEvents([{ name: 'rating.saved', projectId: input.projectId, ...stats }]);
    return { result: { updated, ...stats }, events: stored };
  });
  await ctx.deps.publisher.publish(events);
  return result;
}
