import { makeProjectQueries } from '@vitrine/db/queries/projects';
import type { AppContext } from '../context';
import { ensureReadable } from './projectReader';

/**
 * The view beacon: one view per viewer (signed-in user, else IP) per project per UTC day; the day row
 * and the counter commit together. It never votes. Answers the project's views.
 */
export async function viewRecorder(ctx: AppContext, input: { projectId: number }): Promise<number> {
  const viewerKey = ctx.state.user ? `u:${ctx.state.user.id}` : `ip:${ctx.ip}`;
  return ctx.deps.sql.begin(async (tx) => {
    const projects = makeProjectQueries(tx);
    ensureReadable(ctx, await projects.lockProject(input.projectId));
    return projects.recordView(input.projectId, viewerKey);
  }) as Promise<number>;
}
