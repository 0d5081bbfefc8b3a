import { makeProjectQueries } from '@vitrine/db/queries/projects';
import type { MemberCaller } from '../context';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { commit } from './commit';

/** An admin hides a project from public view or shows it again; records project.hidden. */
export async function projectVisibilitySetter(
  caller: MemberCaller,
  input: { projectId: number; hidden: boolean },
): Promise<void> {
  await commit(caller, async (tx, emit) => {
    if (!(await makeProjectQueries(tx).setHidden(input.projectId, input.hidden))) throw notFound(PROJECT_NOT_FOUND);
    emit({ name: 'project.hidden', projectId: input.projectId, hidden: input.hidden });
  });
}
