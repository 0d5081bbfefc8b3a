import Router from '@koa/router';
import { adminSearchQuerySchema, visibilitySchema } from '@vitrine/domain/schemas/admin';
import { makeTestRequestQueries } from '@vitrine/db/queries/testRequests';
import type { AppState, AppContextExtras } from '../context';
import { requireAdmin } from '../middleware/guards';
import { rateLimit } from '../middleware/rate-limit';
import { presentTestRequest } from '../presenters/testRequest';
import { parse, parseId } from '../validate';
import { testRequestModerator } from '../commands/testRequestModerator';
import { userRatingRemover } from '../commands/userRatingRemover';

/** The admin Test Requests tab lists at most this many (newest first). */
const ADMIN_REQUEST_LIMIT = 100;


/**
 * /api/admin/test-requests and /api/admin/user-ratings (issue 13): the Test Requests tab (search,
 * hide; cancelling goes through PATCH /api/test-requests/{id}) and removing an abusive rating.
 */
export function adminTestRequestsRoutes() {
  const router = new Router<AppState, AppContextExtras>({ prefix: '/api/admin' });
  router.use(requireAdmin);

  router.get('/test-requests', async (ctx) => {
    const { q } = parse(adminSearchQuerySchema, ctx.query);
    const rows = await makeTestRequestQueries(ctx.deps.sql).listAllRequests(q || undefined, ADMIN_REQUEST_LIMIT);
    ctx.body = rows.map((row) => presentTestRequest(row, ctx.state.user));
  });

  router.patch('/test-requests/:id/visibility', rateLimit('moderation'), async (ctx) => {
    const requestId = parseId(ctx.params.id);
    const { hidden } = parse(visibilitySchema, ctx.request.body);
    await testRequestModerator(ctx, { requestId, hidden });
    ctx.body = { id: requestId, hidden };
  });

  router.delete('/user-ratings/:id', rateLimit('moderation'), async (ctx) => {
    await userRatingRemover(ctx, { ratingId: parseId(ctx.params.id) });
    ctx.status = 204;
  });

  return router;
}
