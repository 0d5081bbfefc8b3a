import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { lockBoardsForDeletion } from '@vitrine/db/queries/rankings';
import type { MemberCaller } from '../context';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { commit } from './commit';

/**
 * An admin deletes a project (its votes, ratings, reports and ranking rows go by cascade); records
 * project.deleted. Waits for a running ranking swap first (lockBoardsForDeletion).
 */
export async function projectRemover(caller: MemberCaller, input: { projectId: number }): Promise<void> {
  await commit(caller, async (tx, emit) => {
    // First, before any row: a board swap running now would otherwise deadlock with the cascade.
    await lockBoardsForDeletion(tx);
    if (!(await makeProjectQueries(tx).deleteProject(input.projectId))) throw notFound(PROJECT_NOT_FOUND);
    emit({ name: 'project.deleted', projectId: input.projectId });
  });
}
