import { makeProjectQueries } from '@vitrine/db/queries/projects';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from './projectReader';

/**
 * The view beacon: one view per viewer (signed-in user, else IP) per project per UTC day; the day row
 * and the counter commit together in one statement. It never votes. Answers the project's views.
 */
export async function viewRecorder(ctx: AppContext, input: { projectId: number }): Promise<number> {
  const user = ctx.state.user;
  const views = await makeProjectQueries(ctx.deps.sql).recordView({
    projectId: input.projectId,
    viewerKey: user ? `u:${user.id}` : `ip:${ctx.ip}`,
    actor: user ? { id: user.id, isAdmin: user.isAdmin } : null,
  });
  if (views === undefined) throw notFound(PROJECT_NOT_FOUND);
  return views;
}
