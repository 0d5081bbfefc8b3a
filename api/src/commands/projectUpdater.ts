import type { z } from 'zod';
import type { projectEditSchema } from '@vitrine/domain/schemas/project';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { authorize } from '../policies';
import { ensureReadable, PROJECT_NOT_FOUND } from './projectReader';

/** A validated edit (projectEditSchema's output). */
export type ProjectEdit = z.output<typeof projectEditSchema>;

/** Refusal for anyone but the owner or an admin. */
export const EDIT_FORBIDDEN = 'You can only edit your own projects';

/**
 * The owner or an admin edits a project: the new fields and the project.updated event commit
 * together. 404 when the project is missing or hidden from the caller, 403 for anyone else.
 */
export async function projectUpdater(ctx: AppContext, input: { projectId: number; edit: ProjectEdit }): Promise<void> {
  const events = await ctx.deps.sql.begin(async (tx) => {
    const projects = makeProjectQueries(tx);
    const project = await projects.lockProject(input.projectId);
    ensureReadable(ctx, project);
    authorize(ctx.state.user, 'project.edit', project, EDIT_FORBIDDEN);
    if (!(await projects.updateProject(input.projectId, input.edit))) throw notFound(PROJECT_NOT_FOUND);
    return makeEventQueries(tx).recordEvents([{ name: 'project.updated', projectId: input.projectId }]);
  });
  await ctx.deps.publisher.publish(events);
}
