import { z } from '../zod';
import { answers, named } from '../answers';
import { DEFAULT_TOP_CONTRIBUTORS } from '../constants';
import { DEEP_OFFSET_MESSAGE } from '../schemas/paging';
import {
  latestQuerySchema,
  leaderboardQuerySchema,
  pagingSchema,
  projectEditSchema,
  projectSubmitSchema,
  ratingSchema,
  trendingQuerySchema,
  viewerStateQuerySchema,
} from '../schemas/project';
import { reportSchema } from '../schemas/report';
import { viewInputSchema } from '../schemas/stats';
import { contract } from './contract';
import { idParams } from './params';

/** GET /api/projects/top-contributors query. */
const topContributorsQuerySchema = z.object({ limit: pagingSchema.shape.limit.default(DEFAULT_TOP_CONTRIBUTORS) });

/** /api/projects: the lists, a project's page, submit, edit, vote, the view beacon, rate and report. */
export const projectContracts = {
  latest: contract({
    method: 'get',
    path: '/api/projects',
    tag: 'projects',
    summary:
      'Latest projects (visible only), sorted on the server; shared by every visitor (ETag, Cache-Control). Load More passes after=<last id> (keyset); offset stops at 1000',
    query: latestQuerySchema,
    response: z.array(answers.Project),
    errors: {
      400: `Invalid input, e.g. ${DEEP_OFFSET_MESSAGE}`,
      429: 'Too many searches from this address',
      503: 'A statement ran past the timeout, or too many searches wait',
    },
    sharing: 'public',
    sharedUnless: ['q'],
    paging: { cursor: 'after' },
  }),
  trending: contract({
    method: 'get',
    path: '/api/projects/trending',
    tag: 'projects',
    summary:
      'Trending projects of a period; shared by every visitor. Load More passes after=<last id> (keyset); offset stops at 1000',
    query: trendingQuerySchema,
    response: z.array(answers.Project),
    errors: { 400: `Invalid input, e.g. ${DEEP_OFFSET_MESSAGE}` },
    sharing: 'public',
    paging: { cursor: 'after' },
  }),
  leaderboard: contract({
    method: 'get',
    path: '/api/projects/leaderboard',
    tag: 'projects',
    summary: 'Leaderboard of a time range (votes in the range); shared by every visitor',
    query: leaderboardQuerySchema,
    response: z.array(answers.LeaderboardEntry),
    sharing: 'public',
  }),
  topContributors: contract({
    method: 'get',
    path: '/api/projects/top-contributors',
    tag: 'projects',
    summary: 'Users by total votes on their visible projects; shared by every visitor',
    query: topContributorsQuerySchema,
    response: z.array(answers.TopContributor),
    sharing: 'public',
  }),
  viewerState: contract({
    method: 'get',
    path: '/api/projects/viewer-state',
    tag: 'projects',
    summary:
      "The caller's own hasVoted, myRating and canEdit of listed projects (lists and pages are shared by everyone)",
    query: viewerStateQuerySchema,
    response: z.array(answers.ViewerState),
  }),
  detail: contract({
    method: 'get',
    path: '/api/projects/:id',
    tag: 'projects',
    summary:
      'A project with its rating distribution (hidden: owner and admins only); a visible one is shared by every visitor',
    params: idParams,
    response: answers.ProjectDetail,
    sharing: 'public',
  }),
  submit: contract({
    method: 'post',
    path: '/api/projects',
    tag: 'projects',
    summary: 'Submit a project',
    body: named('ProjectSubmitInput', projectSubmitSchema),
    status: 201,
    response: answers.Project,
  }),
  edit: contract({
    method: 'patch',
    path: '/api/projects/:id',
    tag: 'projects',
    summary: 'Edit a project (owner or admin)',
    params: idParams,
    body: named('ProjectEditInput', projectEditSchema),
    response: answers.Project,
    errors: { 403: 'Not the owner or an admin, or the account is paused' },
  }),
  vote: contract({
    method: 'post',
    path: '/api/projects/:id/vote',
    tag: 'projects',
    summary: 'Vote once (visitors by IP, members by account)',
    params: idParams,
    response: answers.Project,
    errors: { 403: "Paused, or the caller's own project", 409: 'Already voted' },
  }),
  view: contract({
    method: 'post',
    path: '/api/projects/:id/view',
    tag: 'projects',
    summary: "View beacon: one view per viewer per project per day; the owner's stats count each view and its source",
    params: idParams,
    body: named('ViewInput', viewInputSchema),
    response: answers.Views,
  }),
  rate: contract({
    method: 'post',
    path: '/api/projects/:id/rate',
    tag: 'projects',
    summary: 'Rate 1-10; a re-rate updates the rating',
    params: idParams,
    body: named('RatingInput', ratingSchema),
    response: answers.RatingResult,
    errors: { 403: "Paused, or the caller's own project" },
  }),
  report: contract({
    method: 'post',
    path: '/api/projects/:id/report',
    tag: 'projects',
    summary: 'Report a project (one open report per member)',
    params: idParams,
    body: named('ReportInput', reportSchema),
    status: 201,
    response: answers.Created,
    errors: {
      403: "Paused, or the caller's own project",
      409: 'You have already reported this project',
    },
  }),
};
