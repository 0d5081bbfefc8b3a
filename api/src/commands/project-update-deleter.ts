import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeProjectUpdateQueries } from '@vitrine/db/queries/project-updates';
import type { MemberCaller } from '../context';
import { findLiveUpdate, lockOwnProject } from '../update-loaders';
import { commit } from './commit';

/**
 * The owner deletes an update of their visible project: its text and addressed links go (its row stays
 * for the quota), the project's update count and newest-update time are refreshed, and
 * projectUpdate.deleted recorded.
 */
export async function projectUpdateDeleter(
  caller: MemberCaller,
  input: { projectId: number; updateId: number },
): Promise<void> {
  await commit(caller, async (tx, emit) => {
    const project = await lockOwnProject(tx, caller.user, input.projectId);
    const update = await findLiveUpdate(tx, project.id, input.updateId);
    await makeProjectUpdateQueries(tx).deleteUpdate(update.id);
    await makeProjectQueries(tx).refreshUpdateStats(project.id);
    emit({ name: 'projectUpdate.deleted', projectId: project.id, updateId: update.id });
  });
}
