import { z } from 'zod';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { adminSearchQuerySchema, visibilitySchema } from '@vitrine/domain/schemas/admin';
import { newestFirstPageSchema } from '@vitrine/domain/schemas/paging';
import { idParams, named } from '../contracts/answers';
import { pageAnswer } from '../contracts/paging';
import { testRequestAnswers } from '../contracts/test-request-answers';
import { route, type Route } from '../contracts/route';
import { presentTestRequest } from '../presenters/test-request';
import { testRequestModerator } from '../commands/test-request-moderator';
import { userRatingRemover } from '../commands/user-rating-remover';

/**
 * The admin's side of The Test Requests tab (search, hide; cancelling goes through
 * PATCH /api/test-requests/{id}) and removing an abusive rating.
 */
export const adminTestRequestRoutes: Route[] = [
  route(
    {
      method: 'get',
      path: '/api/admin/test-requests',
      tag: 'admin',
      summary:
        'Every test request, hidden ones included, newest first, a page at a time (Link rel="next"); q searches title, description, project and owner',
      access: 'admin',
      query: adminSearchQuerySchema.extend(newestFirstPageSchema.shape),
      response: z.array(testRequestAnswers.TestRequest),
    },
    async (call) =>
      pageAnswer(
        call.koa,
        await makeTestRequestQueries(call.deps.sql).listAllRequests(call.query.q || undefined, call.query),
        (row) => presentTestRequest(row, call.user),
      ),
  ),
  route(
    {
      method: 'patch',
      path: '/api/admin/test-requests/:id/visibility',
      tag: 'admin',
      summary: 'Hide a test request or show it again',
      access: 'activeAdmin',
      limit: 'moderation',
      params: idParams,
      body: named('VisibilityInput', visibilitySchema),
      response: testRequestAnswers.RequestVisibility,
    },
    async (call) => {
      await testRequestModerator(call, { requestId: call.params.id, hidden: call.body.hidden });
      return { id: call.params.id, hidden: call.body.hidden };
    },
  ),
  route(
    {
      method: 'delete',
      path: '/api/admin/user-ratings/:id',
      tag: 'admin',
      summary: "Remove an abusive user rating; the rated user's aggregates are recomputed",
      access: 'activeAdmin',
      limit: 'moderation',
      params: idParams,
      status: 204,
      response: null,
      errors: { 404: 'Rating not found' },
    },
    async (call) => userRatingRemover(call, { ratingId: call.params.id }),
  ),
];
