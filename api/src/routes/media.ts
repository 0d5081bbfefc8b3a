import { mediaContracts } from '@vitrine/domain/contracts/media';
import { route, type Route } from '../contracts/route';
import { mediaAdder, MEDIA_FORBIDDEN } from '../commands/media-adder';
import { mediaUpdater } from '../commands/media-updater';
import { mediaRemover } from '../commands/media-remover';
import { presentMedia } from '../presenters/media';
import { receiveUpload } from '../media/upload';

/**
 * /api/projects/{id}/media: the owner's (or an admin's) pictures of a project. Uploads spend the
 * member's `mediaUpload` quota, kept when the upload is refused (a picture refused after decoding cost
 * its CPU) and given back only for a failure of ours (`limitCounts: 'work'`), and wait for the node's
 * processing gate.
 */
export const mediaRoutes: Route[] = [
  route(
    mediaContracts.add,
    { access: 'active', limit: 'mediaUpload', limitCounts: 'work', errors: { 403: MEDIA_FORBIDDEN } },
    async (call) =>
      presentMedia(await mediaAdder(call, { projectId: call.params.id, receive: () => receiveUpload(call.koa) })),
  ),
  route(
    mediaContracts.edit,
    { access: 'active', limit: 'mediaEdit', errors: { 403: MEDIA_FORBIDDEN } },
    async (call) => {
      const rows = await mediaUpdater(call, {
        projectId: call.params.id,
        mediaId: call.params.mediaId,
        change: call.body,
      });
      return rows.map(presentMedia);
    },
  ),
  route(
    mediaContracts.remove,
    { access: 'active', limit: 'mediaEdit', errors: { 403: MEDIA_FORBIDDEN } },
    async (call) => {
      await mediaRemover(call, { projectId: call.params.id, mediaId: call.params.mediaId });
    },
  ),
];
