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
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeRatingQueries } from '@vitrine/db/queries/ratings';
import { DEFAULT_TOP_CONTRIBUTORS, makeRankingQueries } from '@vitrine/db/queries/rankings';
import type { Caller } from '../context';
import { answers, idParams, named } from '../contracts/answers';
import { route, type Route } from '../contracts/route';
import { loadReadableProject, viewerOf } from '../loaders';
import { presentLeaderboardEntry, presentProject, presentProjectDetail, presentTopContributor } from '../presenters/project';
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

/** The project `id` as the caller now sees it (after a write). */
async function projectAnswer(caller: Caller, id: number) {
  return presentProject(await loadReadableProject(caller, id), caller.user);
}

/**
 * /api/projects: the latest, trending and leaderboard lists, top contributors, a project's page,
 * submit, edit, vote, the view beacon, rate and report.
 */
export const projectRoutes: Route[] = [
  route(
    { method: 'get', path: '/api/projects', tag: 'projects', summary: 'Latest projects (visible only), sorted on the server', access: 'anyone', query: latestQuerySchema, response: z.array(answers.Project) },
    async (call) => {
      const rows = await makeProjectQueries(call.deps.sql).listProjects({ ...call.query, viewer: viewerOf(call) });
      return rows.map((row) => presentProject(row, call.user));
    },
  ),
  route(
    { method: 'get', path: '/api/projects/trending', tag: 'projects', summary: 'Trending projects of a period', access: 'anyone', query: trendingQuerySchema, response: z.array(answers.Project) },
    async (call) => {
      const rows = await makeRankingQueries(call.deps.sql).listTrending({ ...call.query, viewer: viewerOf(call) });
      return rows.map((row) => presentProject(row, call.user));
    },
  ),
  route(
    { method: 'get', path: '/api/projects/leaderboard', tag: 'projects', summary: 'Leaderboard of a time range (votes in the range)', access: 'anyone', query: leaderboardQuerySchema, response: z.array(answers.LeaderboardEntry) },
    async (call) => {
      const { timeRange, offset, limit } = call.query;
      const rows = await makeRankingQueries(call.deps.sql).listLeaderboard({ range: timeRange, offset, limit, viewer: viewerOf(call) });
      return rows.map((row, i) => presentLeaderboardEntry(row, offset + i + 1, call.user));
    },
  ),
  route(
    { method: 'get', path: '/api/projects/top-contributors', tag: 'projects', summary: 'Users by total votes on their visible projects', access: 'anyone', query: topContributorsQuerySchema, response: z.array(answers.TopContributor) },
    async (call) => {
      const rows = await makeRankingQueries(call.deps.sql).listTopContributors(call.query.limit);
      return rows.map((row, i) => presentTopContributor(row, i + 1));
    },
  ),
  route(
    { method: 'get', path: '/api/projects/:id', tag: 'projects', summary: 'A project with its rating distribution (hidden: owner and admins only)', access: 'anyone', params: idParams, response: answers.ProjectDetail },
    async (call) => {
      const row = await loadReadableProject(call, call.params.id);
      const distribution = await makeRatingQueries(call.deps.sql).ratingDistribution(row.id);
      return presentProjectDetail(row, distribution, call.user);
    },
  ),
  route(
    { method: 'post', path: '/api/projects', tag: 'projects', summary: 'Submit a project', access: 'active', limit: 'submission', body: named('ProjectSubmitInput', projectSubmitSchema), status: 201, response: answers.Project },
    async (call) => projectAnswer(call, await projectCreator(call, call.body)),
  ),
  route(
    { method: 'patch', path: '/api/projects/:id', tag: 'projects', summary: 'Edit a project (owner or admin)', access: 'active', params: idParams, body: named('ProjectEditInput', projectEditSchema), response: answers.Project, errors: { 403: 'Not the owner or an admin, or the account is paused' } },
    async (call) => {
      await projectUpdater(call, { projectId: call.params.id, edit: call.body });
      return projectAnswer(call, call.params.id);
    },
  ),
  route(
    { method: 'post', path: '/api/projects/:id/vote', tag: 'projects', summary: 'Vote once (visitors by IP, members by account)', access: 'unpaused', limit: 'vote', params: idParams, response: answers.Project, errors: { 409: 'Already voted' } },
    async (call) => {
      await voteCaster(call, { projectId: call.params.id });
      return projectAnswer(call, call.params.id);
    },
  ),
  route(
    { method: 'post', path: '/api/projects/:id/view', tag: 'projects', summary: 'View beacon: one view per viewer per project per day', access: 'unpaused', params: idParams, response: answers.Views },
    async (call) => ({ views: await viewRecorder(call, { projectId: call.params.id }) }),
  ),
  route(
    { method: 'post', path: '/api/projects/:id/rate', tag: 'projects', summary: 'Rate 1-10; a re-rate updates the rating', access: 'active', loginMessage: RATE_LOGIN_REQUIRED, limit: 'rate', params: idParams, body: named('RatingInput', ratingSchema), response: answers.RatingResult },
    async (call) => {
      const { updated } = await ratingSaver(call, { projectId: call.params.id, rating: call.body.rating });
      return { ...(await projectAnswer(call, call.params.id)), updated };
    },
  ),
  route(
    { method: 'post', path: '/api/projects/:id/report', tag: 'projects', summary: 'Report a project (one open report per member)', access: 'active', loginMessage: REPORT_LOGIN_REQUIRED, limit: 'report', params: idParams, body: named('ReportInput', reportSchema), status: 201, response: answers.Created, errors: { 409: 'You have already reported this project' } },
    async (call) => {
      const { reason, additionalDetails } = call.body;
      const id = await reportCreator(call, { projectId: call.params.id, reason, additionalDetails: additionalDetails ?? null });
      return { message: REPORT_SUBMITTED, id };
    },
  ),
];
