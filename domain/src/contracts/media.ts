import { z } from '../zod';
import { answers, named } from '../answers';
import { idSchema } from '../schemas/project';
import { MEDIA_MESSAGES, mediaEditSchema } from '../schemas/media';
import { contract } from './contract';
import { idParams } from './params';

/** Path parameters of one picture of a project. */
export const mediaParams = z.object({ id: idSchema, mediaId: idSchema });

/**
 * /api/projects/{id}/media: the owner's pictures of a project (an admin may too). The upload is
 * multipart/form-data (field `file`, optional `alt`), read as a stream by the server, so it has no
 * JSON body schema.
 */
export const mediaContracts = {
  add: contract({
    method: 'post',
    path: '/api/projects/:id/media',
    tag: 'projects',
    summary:
      'Add a picture (multipart/form-data: file, optional alt; PNG, JPEG, WebP, AVIF or GIF, up to 8 MB and 40 megapixels, one side at most 40 times the other); stored re-encoded, without metadata, fitted within 16,383 px',
    params: idParams,
    status: 201,
    response: answers.Media,
    errors: {
      400: `${MEDIA_MESSAGES.notMultipart} / ${MEDIA_MESSAGES.noFile}`,
      403: 'Not the owner or an admin, or the account is paused',
      409: MEDIA_MESSAGES.tooMany,
      413: MEDIA_MESSAGES.tooLarge,
      415: MEDIA_MESSAGES.notImage,
      422: `${MEDIA_MESSAGES.tooManyPixels} / ${MEDIA_MESSAGES.tooNarrow} / ${MEDIA_MESSAGES.unreadable}`,
      503: MEDIA_MESSAGES.busy,
    },
  }),
  edit: contract({
    method: 'patch',
    path: '/api/projects/:id/media/:mediaId',
    tag: 'projects',
    summary: "Change a picture's alt text or place (position 0 is the cover); answers the pictures in order",
    params: mediaParams,
    body: named('MediaEditInput', mediaEditSchema),
    response: z.array(answers.Media),
    errors: { 403: 'Not the owner or an admin, or the account is paused' },
  }),
  remove: contract({
    method: 'delete',
    path: '/api/projects/:id/media/:mediaId',
    tag: 'projects',
    summary: 'Delete a picture and its files',
    params: mediaParams,
    status: 204,
    response: null,
    errors: { 403: 'Not the owner or an admin, or the account is paused' },
  }),
};
