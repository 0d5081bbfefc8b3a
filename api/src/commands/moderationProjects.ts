import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeModerationQueries } from '@vitrine/db/queries/moderation';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from './projectReader';

/** An admin deletes a project (its votes, ratings and reports go by cascade); records project.deleted. */
export async function projectRemover(ctx: AppContext, input: { projectId: number }): Promise<void> {
  const events = await ctx.deps.sql.begin(async (tx) => {
    if (!(await makeModerationQueries(tx).deleteProject(input.projectId))) throw notFound(PROJECT_NOT_FOUND);
    return makeEventQueries(tx).recordEvents([{ name: 'project.deleted', projectId: input.projectId }]);
  });
  await ctx.deps.publisher.publish(events);
}

/** An admin hides a project from public view or shows it again; records project.hidden. */
export async function projectVisibilitySetter(ctx: AppContext, input: { projectId: number; hidden: boolean }): Promise<void> {
  const events = await ctx.deps.sql.begin(async (tx) => {
    if (!(await makeModerationQueries(tx).setProjectHidden(input.projectId, input.hidden))) throw notFound(PROJECT_NOT_FOUND);
    return makeEventQueries(tx).recordEvents([{ name: 'project.hidden', projectId: input.projectId, hidden: input.hidden }]);
  });
  await ctx.deps.publisher.publish(events);
}
