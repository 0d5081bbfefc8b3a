import { z } from '../zod';
import { named, testRequestAnswers } from '../answers';
import { adminSearchQuerySchema, moderatedVisibilitySchema } from '../schemas/admin';
import { moderationReasonBodySchema } from '../schemas/moderation';
import { newestFirstPageSchema } from '../schemas/paging';
import { contract } from './contract';
import { idParams } from './params';

/** The admin dashboard's test requests and the removal of a peer rating. */
export const adminTestRequestContracts = {
  list: contract({
    method: 'get',
    path: '/api/admin/test-requests',
    tag: 'admin',
    summary:
      'Every test request, hidden ones included, newest first, a page at a time (Link rel="next"); q searches title, description, project and owner',
    query: adminSearchQuerySchema.extend(newestFirstPageSchema.shape),
    response: z.array(testRequestAnswers.TestRequest),
    paging: { cursor: 'before' },
  }),
  setVisibility: contract({
    method: 'patch',
    path: '/api/admin/test-requests/:id/visibility',
    tag: 'admin',
    summary: 'Hide a test request or show it again; the body may give the public reason (moderation log)',
    params: idParams,
    body: named('TestRequestVisibilityInput', moderatedVisibilitySchema),
    response: testRequestAnswers.RequestVisibility,
  }),
  removeUserRating: contract({
    method: 'delete',
    path: '/api/admin/user-ratings/:id',
    tag: 'admin',
    summary:
      "Remove an abusive user rating; the rated user's aggregates are recomputed; the body may give the public reason (moderation log)",
    params: idParams,
    body: moderationReasonBodySchema,
    status: 204,
    response: null,
    errors: { 404: 'Rating not found' },
  }),
};
