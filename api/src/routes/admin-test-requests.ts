import { adminTestRequestContracts } from '@vitrine/domain/contracts/admin-test-requests';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { mapPage } from '@vitrine/domain/schemas/paging';
import { route, type Route } from '../contracts/route';
import { presentTestRequest } from '../presenters/test-request';
import { testRequestModerator } from '../commands/test-request-moderator';
import { userRatingRemover } from '../commands/user-rating-remover';

/**
 * The admin's side of The Test Requests tab (search, hide; cancelling goes through
 * PATCH /api/test-requests/{id}) and removing an abusive rating.
 */
export const adminTestRequestRoutes: Route[] = [
  route(adminTestRequestContracts.list, { access: 'admin' }, async (call) =>
    mapPage(await makeTestRequestQueries(call.deps.sql).listAllRequests(call.query.q || undefined, call.query), (row) =>
      presentTestRequest(row, call.user),
    ),
  ),
  route(
    adminTestRequestContracts.setVisibility,
    {
      access: 'activeAdmin',
      limit: 'moderation',
    },
    async (call) => {
      await testRequestModerator(call, { requestId: call.params.id, ...call.body });
      return { id: call.params.id, hidden: call.body.hidden };
    },
  ),
  route(
    adminTestRequestContracts.removeUserRating,
    {
      access: 'activeAdmin',
      limit: 'moderation',
    },
    async (call) => userRatingRemover(call, { ratingId: call.params.id, reason: call.body.reason }),
  ),
];
