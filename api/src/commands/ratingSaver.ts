import { makeRatingQueries } from '@vitrine/db/queries/ratings';
import type { ProjectRow } from '@vitrine/db/queries/projects';
import type { AppContext } from '../context';
import { ensureReadable } from './projectReader';
import { countsEvent } from './counts';

/**
 * A signed-in, active member rates a project 1..10; a re-rate replaces their rating (`updated`).
 * With the project row locked, the rating, the recomputed averageRating / totalRatings and the
 * rating.saved event commit together (db saveRating: two statements). Answers the updated project.
 */
export async function ratingSaver(
  ctx: AppContext,
  input: { projectId: number; rating: number },
): Promise<{ updated: boolean; project: ProjectRow }> {
  const user = ctx.state.user!;
  const saved = await makeRatingQueries(ctx.deps.sql).saveRating({
    projectId: input.projectId,
    actor: { id: user.id, isAdmin: user.isAdmin },
    ip: ctx.ip,
    rating: input.rating,
  });
  ensureReadable(ctx, saved?.project);
  await ctx.deps.publisher.publish([countsEvent('rating.saved', saved.eventId, saved.project)]);
  return { updated: saved.updated, project: saved.project };
}
