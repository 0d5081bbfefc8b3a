import { makeProjectQueries } from '@vitrine/db/queries/projects';
import type { MemberCaller } from '../context';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { commit } from './commit';

/** An admin deletes a project (its votes, ratings and reports go by cascade); records project.deleted. */
export async function projectRemover(caller: MemberCaller, input: { projectId: number }): Promise<void> {
  await commit(caller, async (tx, emit) => {
    if (!(await makeProjectQueries(tx).deleteProject(input.projectId))) throw notFound(PROJECT_NOT_FOUND);
    emit({ name: 'project.deleted', projectId: input.projectId });
  });
}
