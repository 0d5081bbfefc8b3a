import { recordProjectModeration } from '@vitrine/db/queries/moderation-log';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { lockBoardsForDeletion } from '@vitrine/db/queries/rankings';
import type { MemberCaller } from '../context';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { commit } from './commit';
import { makeProjectMediaQueries } from '@vitrine/db/queries/project-media';
import { removeFiles } from '../media/files';

/**
 * An admin deletes a project (its votes, ratings, reports, pictures and ranking rows go by cascade,
 * then the pictures' files); records project.deleted and logs the moderation with its public reason
 * (its title kept). Waits for a running ranking swap first (lockBoardsForDeletion).
 */
export async function projectRemover(
  caller: MemberCaller,
  input: { projectId: number; reason?: string },
): Promise<void> {
  const media = await commit(caller, async (tx, emit) => {
    // First, before any row: a board swap running now would otherwise deadlock with the cascade.
    await lockBoardsForDeletion(tx);
    // Before the row goes: the entry keeps its title (nothing is written when there is no such project).
    await recordProjectModeration(tx, {
      action: 'project.deleted',
      projectId: input.projectId,
      reason: input.reason,
      actorId: caller.user.id,
    });
    // The pictures' rows go by cascade; their files are removed once the deletion is committed.
    const pictures = await makeProjectMediaQueries(tx).listMedia(input.projectId);
    if (!(await makeProjectQueries(tx).deleteProject(input.projectId))) throw notFound(PROJECT_NOT_FOUND);
    emit({ name: 'project.deleted', projectId: input.projectId });
    return pictures;
  });
  await removeFiles(
    caller.deps.media.store,
    media.flatMap((row) => row.variants),
  );
}
