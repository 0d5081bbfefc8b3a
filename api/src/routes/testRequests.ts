import Router from '@koa/router';
import { makeTestRequestQueries } from '@vitrine/db/queries/testRequests';
import {
  feedbackSchema,
  testRequestCreateSchema,
  testRequestListQuerySchema,
  testRequestUpdateSchema,
  userRatingSchema,
} from '@vitrine/domain/schemas/testRequest';
import type { UserRatingResult } from '@vitrine/domain/types';
import type { AppContext, AppState, AppContextExtras } from '../context';
import { requireActiveUser } from '../middleware/guards';
import { consume } from '../middleware/rate-limit';
import { presentGivenRating, presentTestRequest } from '../presenters/testRequest';
import { parse, parseId } from '../validate';
import { loadReadableProject } from '../commands/projectReader';
import { feedbackHelpfulMarker } from '../commands/feedbackHelpfulMarker';
import { feedbackSaver } from '../commands/feedbackSaver';
import { testerJoiner } from '../commands/testerJoiner';
import { testerLeaver } from '../commands/testerLeaver';
import { testRequestCreator } from '../commands/testRequestCreator';
import { loadRequestDetail } from '../commands/testRequestReader';
import { testRequestUpdater } from '../commands/testRequestUpdater';
import { userRatingSaver } from '../commands/userRatingSaver';


/** Spends one point of `limit` for the signed-in user. */
const spend = (ctx: AppContext, limit: Parameters<typeof consume>[1]) => consume(ctx, limit, `u:${ctx.state.user!.id}`);

/**
 * /api/test-requests and /api/feedback (issue 13): list, open, read, edit and move a request, join and
 * leave, feedback and the helpful mark, and mutual ratings after completion. Every write is rate limited.
 */
export function testRequestsRoutes() {
  const router = new Router<AppState, AppContextExtras>({ prefix: '/api' });

  router.get('/test-requests', async (ctx) => {
    const query = parse(testRequestListQuerySchema, ctx.query);
    const rows = await makeTestRequestQueries(ctx.deps.sql).listRequests(query, ctx.state.user?.id ?? null);
    ctx.body = rows.map((row) => presentTestRequest(row, ctx.state.user));
  });

  router.post('/test-requests', requireActiveUser, async (ctx) => {
    const input = parse(testRequestCreateSchema, ctx.request.body);
    await spend(ctx, 'testRequest');
    const id = await testRequestCreator(ctx, input);
    ctx.status = 201;
    ctx.body = await loadRequestDetail(ctx, id);
  });

  router.get('/test-requests/:id', async (ctx) => {
    ctx.body = await loadRequestDetail(ctx, parseId(ctx.params.id));
  });

  router.patch('/test-requests/:id', requireActiveUser, async (ctx) => {
    const requestId = parseId(ctx.params.id);
    const patch = parse(testRequestUpdateSchema, ctx.request.body);
    await spend(ctx, 'testRequest');
    await testRequestUpdater(ctx, { requestId, patch });
    ctx.body = await loadRequestDetail(ctx, requestId);
  });

  router.post('/test-requests/:id/testers', requireActiveUser, async (ctx) => {
    const requestId = parseId(ctx.params.id);
    await spend(ctx, 'testerJoin');
    await testerJoiner(ctx, { requestId });
    ctx.status = 201;
    ctx.body = await loadRequestDetail(ctx, requestId);
  });

  router.delete('/test-requests/:id/testers', requireActiveUser, async (ctx) => {
    const requestId = parseId(ctx.params.id);
    await spend(ctx, 'testerJoin');
    await testerLeaver(ctx, { requestId });
    ctx.body = await loadRequestDetail(ctx, requestId);
  });

  router.put('/test-requests/:id/feedback', requireActiveUser, async (ctx) => {
    const requestId = parseId(ctx.params.id);
    const feedback = parse(feedbackSchema, ctx.request.body);
    await spend(ctx, 'feedback');
    const { created } = await feedbackSaver(ctx, { requestId, feedback });
    ctx.status = created ? 201 : 200;
    ctx.body = await loadRequestDetail(ctx, requestId);
  });

  router.post('/feedback/:id/helpful', requireActiveUser, async (ctx) => {
    const feedbackId = parseId(ctx.params.id);
    await spend(ctx, 'feedback');
    ctx.body = await feedbackHelpfulMarker(ctx, { feedbackId });
  });

  router.post('/test-requests/:id/ratings', requireActiveUser, async (ctx) => {
    const requestId = parseId(ctx.params.id);
    const input = parse(userRatingSchema, ctx.request.body);
    await spend(ctx, 'userRating');
    const { rating, updated } = await userRatingSaver(ctx, { requestId, rating: input });
    ctx.status = updated ? 200 : 201;
    ctx.body = { rating: presentGivenRating(rating), updated } satisfies UserRatingResult;
  });

  router.get('/projects/:id/test-request', async (ctx) => {
    const project = await loadReadableProject(ctx, parseId(ctx.params.id));
    const row = await makeTestRequestQueries(ctx.deps.sql).findProjectRequest(project.id, ctx.state.user?.id ?? null);
    ctx.body = { request: row ? presentTestRequest(row, ctx.state.user) : null };
  });

  return router;
}
