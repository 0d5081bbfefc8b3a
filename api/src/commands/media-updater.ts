import { makeProjectMediaQueries, type MediaRow } from '@vitrine/db/queries/project-media';
import { MEDIA_MESSAGES } from '@vitrine/domain/schemas/media';
import type { MemberCaller } from '../context';
import { notFound } from '../errors';
import { lockReadableProject } from '../loaders';
import { authorize } from '../policies';
import { commit } from './commit';
import { MEDIA_FORBIDDEN } from './media-adder';

/**
 * The owner (or an admin) changes a picture's alt text or moves it (position 0 is the cover; the
 * others close up), with project.updated (its pictures are part of it: the cover shows on every read). Answers the pictures in their new order; 404 when the picture
 * is not the project's.
 */
export async function mediaUpdater(
  caller: MemberCaller,
  input: { projectId: number; mediaId: number; change: { alt?: string; position?: number } },
): Promise<MediaRow[]> {
  return commit(caller, async (tx, emit) => {
    const project = await lockReadableProject(tx, caller.user, input.projectId);
    authorize(caller.user, 'project.edit', project, MEDIA_FORBIDDEN);
    const rows = await makeProjectMediaQueries(tx).updateMedia(input.projectId, input.mediaId, input.change);
    if (!rows) throw notFound(MEDIA_MESSAGES.notFound);
    emit({ name: 'project.updated', projectId: input.projectId });
    return rows;
  });
}
