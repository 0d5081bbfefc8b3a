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
  viewerStateQuerySchema,
} from '@vitrine/domain/schemas/project';
import { STALE } from '@vitrine/runtime/stale-reads';
import { reportSchema } from '@vitrine/domain/schemas/report';
import type { RatingResult } from '@vitrine/domain/types';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeRatingQueries } from '@vitrine/db/queries/ratings';
import { DEFAULT_TOP_CONTRIBUTORS, makeRankingQueries } from '@vitrine/db/queries/rankings';
import type { AppContext, AppState, AppContextExtras } from '../context';
import { forbidden, PAUSED_MESSAGE, unauthorized } from '../errors';
import { refusePaused, requireActiveUser } from '../middleware/guards';
import { consume } from '../middleware/rate-limit';
import { presentLeaderboardEntry, presentProject, presentProjectDetail, presentTopContributor, presentViewerState } from '../presenters/project';
import { can } from '../policies';
import { PRIVATE_CACHE_CONTROL, respondShared } from '../cache/http';
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

/** The stale-read tags of the projects a shared list shows. */
function projectTags(rows: ReadonlyArray<{ id: number }>): string[] {
  return rows.map((row) => STALE.project(row.id));
}

/** The project `id` as the caller now sees it (after a write). */
async function projectAnswer(ctx: AppContext, id: number) {
  return presentProject(await loadReadableProject(ctx, id), ctx.state.user);
}

/**
 * /api/projects: the latest, trending and leaderboard lists, top contributors, a project's page,
 * submit, edit, vote, the view beacon, rate and report. Routes are thin: guard, validate, command, present.
 * The lists and a visible project's page are shared by every visitor (api/src/cache: cached per node,
 * ETag, Cache-Control); the viewer's own bits come from GET /api/projects/viewer-state.
 */
export function projectsRoutes() {
  const router = new Router<AppState, AppContextExtras>({ prefix: '/api/projects' });

  router.get('/', async (ctx) => {
    const query = parse(latestQuerySchema, ctx.query);
    const projects = makeProjectQueries(ctx.deps.sql);
    if (query.q) {
      // Searches are too many and too varied to share: each is read for its viewer.
      const rows = await projects.listProjects({ ...query, viewer: viewerOf(ctx) });
      ctx.body = rows.map((row) => presentProject(row, ctx.state.user));
      return;
    }
    const order = query.sort === 'newest' ? [] : [STALE.order(query.sort)];
    await respondShared(ctx, `latest:${query.sort}:${query.offset}:${query.limit}`, async () => {
      const rows = await projects.listProjects({ ...query, viewer: null });
      return { value: rows.map((row) => presentProject(row, null)), tags: [...order, ...projectTags(rows)] };
    });
  });

  router.get('/trending', async (ctx) => {
    const query = parse(trendingQuerySchema, ctx.query);
    await respondShared(ctx, `trending:${query.period}:${query.offset}:${query.limit}`, async () => {
      const rows = await makeRankingQueries(ctx.deps.sql).listTrending({ ...query, viewer: null });
      return { value: rows.map((row) => presentProject(row, null)), tags: [STALE.boards, ...projectTags(rows)] };
    });
  });

  router.get('/leaderboard', async (ctx) => {
    const { timeRange, offset, limit } = parse(leaderboardQuerySchema, ctx.query);
    await respondShared(ctx, `leaderboard:${timeRange}:${offset}:${limit}`, async () => {
      const rows = await makeRankingQueries(ctx.deps.sql).listLeaderboard({ range: timeRange, offset, limit, viewer: null });
      return { value: rows.map((row, i) => presentLeaderboardEntry(row, offset + i + 1, null)), tags: [STALE.boards, ...projectTags(rows)] };
    });
  });

  router.get('/top-contributors', async (ctx) => {
    const { limit } = parse(topContributorsQuerySchema, ctx.query);
    await respondShared(ctx, `top-contributors:${limit}`, async () => {
      const rows = await makeRankingQueries(ctx.deps.sql).listTopContributors(limit);
      return { value: rows.map((row, i) => presentTopContributor(row, i + 1)), tags: [STALE.boards] };
    });
  });

  router.get('/viewer-state', async (ctx) => {
    const { ids } = parse(viewerStateQuerySchema, ctx.query);
    const rows = await makeProjectQueries(ctx.deps.sql).findViewerStates(ids, viewerOf(ctx));
    ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    ctx.body = rows.filter((row) => can(ctx.state.user, 'project.read', row)).map((row) => presentViewerState(row, ctx.state.user));
  });

  router.get('/:id', async (ctx) => {
    const id = parseId(ctx.params.id);
    const shared = await respondShared(ctx, `project:${id}`, async () => {
      // Only a visible project's page is the same for everyone; a hidden one is read for its viewer below.
      const row = await makeProjectQueries(ctx.deps.sql).findProject(id, null);
      if (!row || row.isHidden) return null;
      const distribution = await makeRatingQueries(ctx.deps.sql).ratingDistribution(row.id);
      return { value: presentProjectDetail(row, distribution, null), tags: [STALE.project(row.id)] };
    });
    if (shared) return;
    const row = await loadReadableProject(ctx, id);
    const distribution = await makeRatingQueries(ctx.deps.sql).ratingDistribution(row.id);
    ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
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
