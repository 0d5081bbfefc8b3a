import Router from '@koa/router';
import type { Next } from 'koa';
import { z } from 'zod';
import {
  latestQuerySchema,
  leaderboardQuerySchema,
  pagingSchema,
  projectEditSchema,
  projectSubmitSchema,
  ratingSchema,
  trendingQuerySchema,
} from '@vitrine/domain/schemas/project';
import { reportSchema } from '@vitrine/domain/schemas/report';
import type { RatingResult } from '@vitrine/domain/types';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeRatingQueries } from '@vitrine/db/queries/ratings';
import { DEFAULT_TOP_CONTRIBUTORS, makeRankingQueries } from '@vitrine/db/queries/rankings';
import type { AppContext, AppState, AppContextExtras } from '../context';
import { forbidden, PAUSED_MESSAGE, unauthorized } from '../errors';
import { refusePaused, requireActiveUser } from '../middleware/guards';
import { consume } from '../middleware/rate-limit';
import { presentLeaderboardEntry, presentProject, presentProjectDetail, presentTopContributor } from '../presenters/project';
import { parse, parseId } from '../validate';
import { loadReadableProject, viewerOf } from '../commands/projectReader';
import { projectCreator } from '../commands/projectCreator';
import { projectUpdater } from '../commands/projectUpdater';
import { voteCaster } from '../commands/voteCaster';
import { viewRecorder } from '../commands/viewRecorder';
import { ratingSaver } from '../commands/ratingSaver';
import { REPORT_SUBMITTED, reportCreator } from '../commands/reportCreator';

/** 401 texts of spec §2 / §6 for a visitor who tries to rate or report. */
export const RATE_LOGIN_REQUIRED = 'You need to login to rate this project';
export const REPORT_LOGIN_REQUIRED = 'You need to be logged in to report content.';

/** GET /api/projects/top-contributors query. */
const topContributorsQuerySchema = z.object({ limit: pagingSchema.shape.limit.default(DEFAULT_TOP_CONTRIBUTORS) });

/** Signed in (else 401 with `message`) and not paused (else 403). */
function requireActive(message: string) {
  return async (ctx: AppContext, next: Next) => {
    if (!ctx.state.user) throw unauthorized(message);
    if (ctx.state.user.isPaused) throw forbidden(PAUSED_MESSAGE);
    return next();
  };
}

/** The project `id` as the caller now sees it (after a write). */
async function projectAnswer(ctx: AppContext, id: number) {
  return presentProject(await loadReadableProject(ctx, id), ctx.state.user);
}

/**
 * /api/projects: the latest, trending and leaderboard lists, top contributors, a project's page,
 * submit, edit, vote, the view beacon, rate and report. Routes are thin: guard, validate, command, present.
 */
export function projectsRoutes() {
  const router = new Router<AppState, AppContextExtras>({ prefix: '/api/projects' });

  router.get('/', async (ctx) => {
    const query = parse(latestQuerySchema, ctx.query);
    const rows = await makeProjectQueries(ctx.deps.sql).listProjects({ ...query, viewer: viewerOf(ctx) });
    ctx.body = rows.map((row) => presentProject(row, ctx.state.user));
  });

  router.get('/trending', async (ctx) => {
    const query = parse(trendingQuerySchema, ctx.query);
    const rows = await makeRankingQueries(ctx.deps.sql).listTrending({ ...query, viewer: viewerOf(ctx) });
    ctx.body = rows.map((row) => presentProject(row, ctx.state.user));
  });

  router.get('/leaderboard', async (ctx) => {
    const { timeRange, offset, limit } = parse(leaderboardQuerySchema, ctx.query);
    const rows = await makeRankingQueries(ctx.deps.sql).listLeaderboard({ range: timeRange, offset, limit, viewer: viewerOf(ctx) });
    ctx.body = rows.map((row, i) => presentLeaderboardEntry(row, offset + i + 1, ctx.state.user));
  });

  router.get('/top-contributors', async (ctx) => {
    const { limit } = parse(topContributorsQuerySchema, ctx.query);
    const rows = await makeRankingQueries(ctx.deps.sql).listTopContributors(limit);
    ctx.body = rows.map((row, i) => presentTopContributor(row, i + 1));
  });

  router.get('/:id', async (ctx) => {
    const row = await loadReadableProject(ctx, parseId(ctx.params.id));
    const distribution = await makeRatingQueries(ctx.deps.sql).ratingDistribution(row.id);
    ctx.body = presentProjectDetail(row, distribution, ctx.state.user);
  });

  router.post('/', requireActiveUser, async (ctx) => {
    const input = parse(projectSubmitSchema, ctx.request.body);
    await consume(ctx, 'submission', `u:${ctx.state.user!.id}`);
    await consume(ctx, 'submission', `ip:${ctx.ip}`);
    const id = await projectCreator(ctx, input);
    ctx.status = 201;
    ctx.body = await projectAnswer(ctx, id);
  });

  router.patch('/:id', requireActiveUser, async (ctx) => {
    const projectId = parseId(ctx.params.id);
    const edit = parse(projectEditSchema, ctx.request.body);
    await projectUpdater(ctx, { projectId, edit });
    ctx.body = await projectAnswer(ctx, projectId);
  });

  router.post('/:id/vote', refusePaused, async (ctx) => {
    const projectId = parseId(ctx.params.id);
    await consume(ctx, 'vote', `ip:${ctx.ip}`);
    ctx.body = presentProject(await voteCaster(ctx, { projectId }), ctx.state.user);
  });

  router.post('/:id/view', refusePaused, async (ctx) => {
    const views = await viewRecorder(ctx, { projectId: parseId(ctx.params.id) });
    ctx.body = { views };
  });

  router.post('/:id/rate', requireActive(RATE_LOGIN_REQUIRED), async (ctx) => {
    const projectId = parseId(ctx.params.id);
    const { rating } = parse(ratingSchema, ctx.request.body);
    await consume(ctx, 'rate', `u:${ctx.state.user!.id}`);
    const { updated, project } = await ratingSaver(ctx, { projectId, rating });
    ctx.body = { ...presentProject(project, ctx.state.user), updated } satisfies RatingResult;
  });

  router.post('/:id/report', requireActive(REPORT_LOGIN_REQUIRED), async (ctx) => {
    const projectId = parseId(ctx.params.id);
    const input = parse(reportSchema, ctx.request.body);
    await consume(ctx, 'report', `u:${ctx.state.user!.id}`);
    const id = await reportCreator(ctx, { projectId, reason: input.reason, additionalDetails: input.additionalDetails ?? null });
    ctx.status = 201;
    ctx.body = { message: REPORT_SUBMITTED, id };
  });

  return router;
}
