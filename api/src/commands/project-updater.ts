import type { z } from 'zod';
import type { projectEditSchema } from '@vitrine/domain/schemas/project';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import type { MemberCaller } from '../context';
import { notFound } from '../errors';
import { lockReadableProject, PROJECT_NOT_FOUND } from '../loaders';
import { authorize } from '../policies';
import { commit } from './commit';

/** A validated edit (projectEditSchema's output). */
export type ProjectEdit = z.output<typeof projectEditSchema>;

/** Refusal for anyone but the owner or an admin. */
export const EDIT_FORBIDDEN = 'You can only edit your own projects';

/**
 * The owner or an admin edits a project: the new fields and the project.updated event commit
 * together. 404 when the project is missing or hidden from the caller, 403 for anyone else.
 */
export async function projectUpdater(
  caller: MemberCaller,
  input: { projectId: number; edit: ProjectEdit },
): Promise<void> {
  await commit(caller, async (tx, emit) => {
    const projects = makeProjectQueries(tx);
    const project = await lockReadableProject(tx, caller.user, input.projectId);
    authorize(caller.user, 'project.edit', project, EDIT_FORBIDDEN);
    if (!(await projects.updateProject(input.projectId, input.edit))) throw notFound(PROJECT_NOT_FOUND);
    emit({ name: 'project.updated', projectId: input.projectId });
  });
}
