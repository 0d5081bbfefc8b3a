import { spend } from '../middleware/rate-limit';
import { DEEP_OFFSET_MESSAGE } from '@vitrine/domain/schemas/paging';
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
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeRatingQueries } from '@vitrine/db/queries/ratings';
import { DEFAULT_TOP_CONTRIBUTORS, makeRankingQueries } from '@vitrine/db/queries/rankings';
import type { Caller } from '../context';
import { OWN_PROJECT_RATE, OWN_PROJECT_REPORT, OWN_PROJECT_VOTE } from '../errors';
import { answers, idParams, named } from '../contracts/answers';
import { route, type Route } from '../contracts/route';
import { loadReadableProject, viewerOf } from '../loaders';
import {
  presentLeaderboardEntry,
  presentProject,
  presentProjectDetail,
  presentTopContributor,
  presentViewerState,
} from '../presenters/project';
import { can } from '../policies';
import { PRIVATE_CACHE_CONTROL, respondShared } from '../cache/http';
import { projectCreator } from '../commands/project-creator';
import { projectUpdater } from '../commands/project-updater';
import { voteCaster } from '../commands/vote-caster';
import { viewRecorder } from '../commands/view-recorder';
import { ratingSaver } from '../commands/rating-saver';
import { REPORT_SUBMITTED, reportCreator } from '../commands/report-creator';

/** 401 texts for a visitor who tries to rate or report. */
export const RATE_LOGIN_REQUIRED = 'You need to login to rate this project';
export const REPORT_LOGIN_REQUIRED = 'You need to be logged in to report content.';

/** GET /api/projects/top-contributors query. */
const topContributorsQuerySchema = z.object({ limit: pagingSchema.shape.limit.default(DEFAULT_TOP_CONTRIBUTORS) });

/** The stale-read tags of the projects a shared list shows. */
function projectTags(rows: ReadonlyArray<{ id: number }>): string[] {
  return rows.map((row) => STALE.project(row.id));
}

/** The project `id` as the caller now sees it (after a write). */
async function projectAnswer(caller: Caller, id: number) {
  return presentProject(await loadReadableProject(caller, id), caller.user);
}

/**
 * /api/projects: the latest, trending and leaderboard lists, top contributors, a project's page,
 * submit, edit, vote, the view beacon, rate and report. The lists and a visible project's page are
 * shared by every visitor (api/src/cache: kept per node, ETag/304, Cache-Control); the viewer's own
 * bits come from GET /api/projects/viewer-state.
 */
export const projectRoutes: Route[] = [
  route(
    {
      method: 'get',
      path: '/api/projects',
      tag: 'projects',
      summary:
        'Latest projects (visible only), sorted on the server; shared by every visitor (ETag, Cache-Control). Load More passes after=<last id> (keyset); offset stops at 1000',
      access: 'anyone',
      query: latestQuerySchema,
      response: z.array(answers.Project),
      errors: {
        400: `Invalid input, e.g. ${DEEP_OFFSET_MESSAGE}`,
        429: 'Too many searches from this address',
        503: 'A statement ran past the timeout, or too many searches wait',
      },
    },
    async (call) => {
      const { q, sort, offset, limit, after } = call.query;
      const projects = makeProjectQueries(call.deps.sql);
      if (q) {
        // Searches are too many and too varied to share: each is read for its viewer, spends the
        // address's search budget and passes the search gate (heavy-reads.ts).
        await spend(call, 'search');
        call.koa.set('Cache-Control', PRIVATE_CACHE_CONTROL);
        const rows = await call.deps.heavyReads.search.run(() =>
          projects.listProjects({ ...call.query, viewer: viewerOf(call) }),
        );
        return rows.map((row) => presentProject(row, call.user));
      }
      const order = sort === 'newest' ? [] : [STALE.order(sort)];
      const page = after === undefined ? `offset:${offset}` : `after:${after}`;
      return respondShared(call.koa, `latest:${sort}:${page}:${limit}`, async () => {
        const rows = await projects.listProjects({ sort, offset, limit, after, viewer: null });
        return { value: rows.map((row) => presentProject(row, null)), tags: [...order, ...projectTags(rows)] };
      });
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/projects/trending',
      tag: 'projects',
      summary:
        'Trending projects of a period; shared by every visitor. Load More passes after=<last id> (keyset); offset stops at 1000',
      access: 'anyone',
      query: trendingQuerySchema,
      response: z.array(answers.Project),
      errors: { 400: `Invalid input, e.g. ${DEEP_OFFSET_MESSAGE}` },
    },
    async (call) => {
      const { period, offset, limit, after } = call.query;
      const page = after === undefined ? `offset:${offset}` : `after:${after}`;
      return respondShared(call.koa, `trending:${period}:${page}:${limit}`, async () => {
        const rows = await makeRankingQueries(call.deps.sql).listTrending({
          period,
          offset,
          limit,
          after,
          viewer: null,
        });
        return { value: rows.map((row) => presentProject(row, null)), tags: [STALE.boards, ...projectTags(rows)] };
      });
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/projects/leaderboard',
      tag: 'projects',
      summary: 'Leaderboard of a time range (votes in the range); shared by every visitor',
      access: 'anyone',
      query: leaderboardQuerySchema,
      response: z.array(answers.LeaderboardEntry),
    },
    async (call) => {
      const { timeRange, offset, limit } = call.query;
      return respondShared(call.koa, `leaderboard:${timeRange}:${offset}:${limit}`, async () => {
        const rows = await makeRankingQueries(call.deps.sql).listLeaderboard({
          range: timeRange,
          offset,
          limit,
          viewer: null,
        });
        return {
          value: rows.map((row, i) => presentLeaderboardEntry(row, offset + i + 1, null)),
          tags: [STALE.boards, ...projectTags(rows)],
        };
      });
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/projects/top-contributors',
      tag: 'projects',
      summary: 'Users by total votes on their visible projects; shared by every visitor',
      access: 'anyone',
      query: topContributorsQuerySchema,
      response: z.array(answers.TopContributor),
    },
    async (call) => {
      const { limit } = call.query;
      return respondShared(call.koa, `top-contributors:${limit}`, async () => {
        const rows = await makeRankingQueries(call.deps.sql).listTopContributors(limit);
        return { value: rows.map((row, i) => presentTopContributor(row, i + 1)), tags: [STALE.boards] };
      });
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/projects/viewer-state',
      tag: 'projects',
      summary:
        "The caller's own hasVoted, myRating and canEdit of listed projects (lists and pages are shared by everyone)",
      access: 'anyone',
      query: viewerStateQuerySchema,
      response: z.array(answers.ViewerState),
    },
    async (call) => {
      const rows = await makeProjectQueries(call.deps.sql).findViewerStates(call.query.ids, viewerOf(call));
      call.koa.set('Cache-Control', PRIVATE_CACHE_CONTROL);
      return rows.filter((row) => can(call.user, 'project.read', row)).map((row) => presentViewerState(row, call.user));
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/projects/:id',
      tag: 'projects',
      summary:
        'A project with its rating distribution (hidden: owner and admins only); a visible one is shared by every visitor',
      access: 'anyone',
      params: idParams,
      response: answers.ProjectDetail,
    },
    async (call) => {
      const id = call.params.id;
      const shared = await respondShared(call.koa, `project:${id}`, async () => {
        // Only a visible project's page is the same for everyone; a hidden one is read for its viewer below.
        const row = await makeProjectQueries(call.deps.sql).findProject(id, null);
        if (!row || row.isHidden) return null;
        const distribution = await makeRatingQueries(call.deps.sql).ratingDistribution(row.id);
        return { value: presentProjectDetail(row, distribution, null), tags: [STALE.project(row.id)] };
      });
      if (shared) return shared;
      const row = await loadReadableProject(call, id);
      const distribution = await makeRatingQueries(call.deps.sql).ratingDistribution(row.id);
      call.koa.set('Cache-Control', PRIVATE_CACHE_CONTROL);
      return presentProjectDetail(row, distribution, call.user);
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/projects',
      tag: 'projects',
      summary: 'Submit a project',
      access: 'active',
      limit: 'submission',
      body: named('ProjectSubmitInput', projectSubmitSchema),
      status: 201,
      response: answers.Project,
    },
    async (call) => projectAnswer(call, await projectCreator(call, call.body)),
  ),
  route(
    {
      method: 'patch',
      path: '/api/projects/:id',
      tag: 'projects',
      summary: 'Edit a project (owner or admin)',
      access: 'active',
      params: idParams,
      body: named('ProjectEditInput', projectEditSchema),
      response: answers.Project,
      errors: { 403: 'Not the owner or an admin, or the account is paused' },
    },
    async (call) => {
      await projectUpdater(call, { projectId: call.params.id, edit: call.body });
      return projectAnswer(call, call.params.id);
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/projects/:id/vote',
      tag: 'projects',
      summary: 'Vote once (visitors by IP, members by account)',
      access: 'unpaused',
      limit: 'vote',
      params: idParams,
      response: answers.Project,
      errors: { 403: `Paused, or the caller's own project ('${OWN_PROJECT_VOTE}')`, 409: 'Already voted' },
    },
    async (call) => presentProject(await voteCaster(call, { projectId: call.params.id }), call.user),
  ),
  route(
    {
      method: 'post',
      path: '/api/projects/:id/view',
      tag: 'projects',
      summary: 'View beacon: one view per viewer per project per day',
      access: 'unpaused',
      params: idParams,
      response: answers.Views,
    },
    async (call) => ({ views: await viewRecorder(call, { projectId: call.params.id }) }),
  ),
  route(
    {
      method: 'post',
      path: '/api/projects/:id/rate',
      tag: 'projects',
      summary: 'Rate 1-10; a re-rate updates the rating',
      access: 'active',
      loginMessage: RATE_LOGIN_REQUIRED,
      limit: 'rate',
      params: idParams,
      body: named('RatingInput', ratingSchema),
      response: answers.RatingResult,
      errors: { 403: `Paused, or the caller's own project ('${OWN_PROJECT_RATE}')` },
    },
    async (call) => {
      const { updated, project } = await ratingSaver(call, { projectId: call.params.id, rating: call.body.rating });
      return { ...presentProject(project, call.user), updated };
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/projects/:id/report',
      tag: 'projects',
      summary: 'Report a project (one open report per member)',
      access: 'active',
      loginMessage: REPORT_LOGIN_REQUIRED,
      limit: 'report',
      params: idParams,
      body: named('ReportInput', reportSchema),
      status: 201,
      response: answers.Created,
      errors: {
        403: `Paused, or the caller's own project ('${OWN_PROJECT_REPORT}')`,
        409: 'You have already reported this project',
      },
    },
    async (call) => {
      const { reason, additionalDetails } = call.body;
      const id = await reportCreator(call, {
        projectId: call.params.id,
        reason,
        additionalDetails: additionalDetails ?? null,
      });
      return { message: REPORT_SUBMITTED, id };
    },
  ),
];
