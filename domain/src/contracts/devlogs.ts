import { z } from '../zod';
import { devlogAnswers, named } from '../answers';
import { idSchema } from '../schemas/project';
import { updateCreateSchema, updateEditSchema, updateListQuerySchema } from '../schemas/update';
import { contract } from './contract';
import { idParams } from './params';

/** Path parameters of one update of a project. */
export const updateParams = z.object({ id: idSchema, updateId: idSchema });

/** /api/projects/{id}/updates: a project's devlog, written by its owner (docs/api.md "Updates"). */
export const devlogContracts = {
  list: contract({
    method: 'get',
    path: '/api/projects/:id/updates',
    tag: 'projects',
    summary: "A project's updates, newest first; the next page by Link (after=<last update id>)",
    params: idParams,
    query: updateListQuerySchema,
    response: z.array(devlogAnswers.ProjectUpdate),
    paging: { cursor: 'after' },
  }),
  create: contract({
    method: 'post',
    path: '/api/projects/:id/updates',
    tag: 'projects',
    summary: "Post an update (the owner), optionally naming feedback of the project's test requests it addresses",
    params: idParams,
    body: named('UpdateInput', updateCreateSchema),
    status: 201,
    response: devlogAnswers.ProjectUpdate,
    errors: {
      400: 'Invalid input, or feedback not from this project',
      403: 'Not the owner, paused, or the project is hidden',
      429: 'Too many updates',
    },
  }),
  edit: contract({
    method: 'patch',
    path: '/api/projects/:id/updates/:updateId',
    tag: 'projects',
    summary: "Edit an update's title, text or addressed feedback (the owner)",
    params: updateParams,
    body: named('UpdateEditInput', updateEditSchema),
    response: devlogAnswers.ProjectUpdate,
    errors: {
      400: 'Invalid input, or feedback not from this project',
      403: 'Not the owner, paused, or the project is hidden',
    },
  }),
  remove: contract({
    method: 'delete',
    path: '/api/projects/:id/updates/:updateId',
    tag: 'projects',
    summary: 'Delete an update (the owner)',
    params: updateParams,
    status: 204,
    response: null,
    errors: { 403: 'Not the owner, paused, or the project is hidden' },
  }),
  addressable: contract({
    method: 'get',
    path: '/api/projects/:id/updates/feedback',
    tag: 'projects',
    summary: "The feedback of the project's test requests the owner may mark as addressed, newest first",
    params: idParams,
    response: z.array(devlogAnswers.AddressableFeedback),
    errors: { 403: 'Not the owner' },
  }),
};
