import { recordProjectModeration } from '@vitrine/db/queries/moderation-log';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import type { MemberCaller } from '../context';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { commit } from './commit';

/**
 * An admin hides a project from public view or shows it again; records project.hidden, and logs the
 * moderation with its public reason (db/src/queries/moderation-log.ts).
 */
export async function projectVisibilitySetter(
  caller: MemberCaller,
  input: { projectId: number; hidden: boolean; reason?: string },
): Promise<void> {
  await commit(caller, async (tx, emit) => {
    if (!(await makeProjectQueries(tx).setHidden(input.projectId, input.hidden))) throw notFound(PROJECT_NOT_FOUND);
    emit({ name: 'project.hidden', projectId: input.projectId, hidden: input.hidden });
    await recordProjectModeration(tx, {
      action: input.hidden ? 'project.hidden' : 'project.shown',
      projectId: input.projectId,
      reason: input.reason,
      actorId: caller.user.id,
    });
  });
}
