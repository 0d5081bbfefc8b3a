import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { STALE } from '@vitrine/runtime/stale-reads';
import type { AppContext } from '../context';
import { announceStale } from '../cache/http';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from './projectReader';

/**
 * The view beacon: one view per viewer (signed-in user, else IP) per project per UTC day; the day row
 * and the counter commit together in one statement. It never votes. Answers the project's views;
 * a counted view makes the shared reads showing the project stale.
 */
export async function viewRecorder(ctx: AppContext, input: { projectId: number }): Promise<number> {
  const user = ctx.state.user;
  const views = await makeProjectQueries(ctx.deps.sql).recordView({
    projectId: input.projectId,
    viewerKey: user ? `u:${user.id}` : `ip:${ctx.ip}`,
    actor: user ? { id: user.id, isAdmin: user.isAdmin } : null,
  });
  if (views === undefined) throw notFound(PROJECT_NOT_FOUND);
  // A counted view changes the project's views in every shared read showing it (no event: views are not worth one).
  if (views.counted) await announceStale(ctx, [STALE.project(input.projectId), STALE.order('views')]);
  return views.views;
}
