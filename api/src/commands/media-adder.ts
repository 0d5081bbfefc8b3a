import { makeProjectMediaQueries, type MediaRow } from '@vitrine/db/queries/project-media';
import { MEDIA_MESSAGES, MEDIA_PER_PROJECT, mediaAltSchema } from '@vitrine/domain/schemas/media';
import type { MemberCaller } from '../context';
import { badRequest, conflict } from '../errors';
import { loadProjectAccess, lockReadableProject } from '../loaders';
import { authorize } from '../policies';
import { encodeImage, readHeader, type EncodedImage } from '../media/images';
import { removeFiles, storeFiles } from '../media/files';
import type { ReceivedUpload } from '../media/upload';
import { commit } from './commit';

/** Refusal for anyone but the owner or an admin. */
export const MEDIA_FORBIDDEN = 'You can only change the images of your own projects';

/**
 * Before a byte of the upload is read: 404 when the caller cannot see the project, 403 unless they
 * may edit it, 409 when it already has MEDIA_PER_PROJECT pictures.
 */
async function ensureRoomFor(caller: MemberCaller, projectId: number): Promise<void> {
  const project = await loadProjectAccess(caller, projectId);
  authorize(caller.user, 'project.edit', project, MEDIA_FORBIDDEN);
  const count = (await makeProjectMediaQueries(caller.deps.sql).listMedia(projectId)).length;
  if (count >= MEDIA_PER_PROJECT) throw conflict(MEDIA_MESSAGES.tooMany);
}

/** The upload's alt text, checked (400 with the schema's message). */
function altOf(upload: ReceivedUpload): string {
  const alt = mediaAltSchema.safeParse(upload.alt ?? '');
  if (!alt.success) throw badRequest(alt.error.issues[0]?.message ?? MEDIA_MESSAGES.altTooLong);
  return alt.data;
}

/** Records the picture last in the project's order (the project locked: two uploads never both take the last place). */
async function record(
  caller: MemberCaller,
  projectId: number,
  image: EncodedImage,
  alt: string,
  variants: MediaRow['variants'],
) {
  return commit(caller, async (tx, emit) => {
    const project = await lockReadableProject(tx, caller.user, projectId);
    authorize(caller.user, 'project.edit', project, MEDIA_FORBIDDEN);
    const row = await makeProjectMediaQueries(tx).insertMedia(
      { projectId, alt, width: image.width, height: image.height, variants },
      MEDIA_PER_PROJECT,
    );
    if (!row) throw conflict(MEDIA_MESSAGES.tooMany);
    emit({ name: 'project.updated', projectId });
    return row;
  });
}

/**
 * The owner (or an admin) adds a picture to a project: the project and its room are checked before
 * the upload is read, the file's header before any pixel is decoded (415 not an image, 422 too many
 * pixels), then the picture is re-encoded without its metadata through the node's processing gate
 * (503 when its queue is full), its files stored and its row recorded with project.updated (its pictures are part of it: the cover shows on every read). Files
 * stored for a picture that is then refused are removed; the temporary upload always is.
 */
export async function mediaAdder(
  caller: MemberCaller,
  input: { projectId: number; receive: () => Promise<ReceivedUpload> },
): Promise<MediaRow> {
  await ensureRoomFor(caller, input.projectId);
  const upload = await input.receive();
  try {
    const alt = altOf(upload);
    await readHeader(upload.path);
    const image = await caller.deps.media.processing.run(() => encodeImage(upload.path));
    const variants = await storeFiles(caller.deps.media.store, image);
    try {
      return await record(caller, input.projectId, image, alt, variants);
    } catch (err) {
      await removeFiles(caller.deps.media.store, variants);
      throw err;
    }
  } finally {
    await upload.discard();
  }
}
