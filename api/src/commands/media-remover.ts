import { makeProjectMediaQueries } from '@vitrine/db/queries/project-media';
import { MEDIA_MESSAGES } from '@vitrine/domain/schemas/media';
import type { MemberCaller } from '../context';
import { notFound } from '../errors';
import { lockReadableProject } from '../loaders';
import { authorize } from '../policies';
import { removeFiles } from '../media/files';
import { commit } from './commit';
import { MEDIA_FORBIDDEN } from './media-adder';

/**
 * The owner (or an admin) deletes a picture (the others close up; the next becomes the cover), with
 * project.updated (its pictures are part of it: the cover shows on every read); its files are removed after the commit. 404 when the picture is not the project's.
 */
export async function mediaRemover(caller: MemberCaller, input: { projectId: number; mediaId: number }): Promise<void> {
  const removed = await commit(caller, async (tx, emit) => {
    const project = await lockReadableProject(tx, caller.user, input.projectId);
    authorize(caller.user, 'project.edit', project, MEDIA_FORBIDDEN);
    const row = await makeProjectMediaQueries(tx).deleteMedia(input.projectId, input.mediaId);
    if (!row) throw notFound(MEDIA_MESSAGES.notFound);
    emit({ name: 'project.updated', projectId: input.projectId });
    return row;
  });
  await removeFiles(caller.deps.media.store, removed.variants);
}
