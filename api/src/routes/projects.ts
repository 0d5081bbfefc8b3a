import { projectContracts } from '@vitrine/domain/contracts/projects';
import type { LatestSort } from '@vitrine/domain/constants';
import { pageById } from '@vitrine/domain/schemas/paging';
import { spend } from '../middleware/rate-limit';
import { STALE } from '@vitrine/runtime/stale-reads';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeRatingQueries } from '@vitrine/db/queries/ratings';
import { makeProjectMediaQueries } from '@vitrine/db/queries/project-media';
import { makeRankingQueries } from '@vitrine/db/queries/rankings';
import { makeProjectHealthQueries } from '@vitrine/db/queries/project-health';
import type { Caller } from '../context';
import { OWN_PROJECT_RATE, OWN_PROJECT_REPORT, OWN_PROJECT_VOTE } from '../errors';
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
import { projectCreator } from '../commands/project-creator';
import { projectUpdater } from '../commands/project-updater';
import { voteCaster } from '../commands/vote-caster';
import { hasOutboundProof } from '../outbound-proof';
import { viewRecorder } from '../commands/view-recorder';
import { viewSource } from '@vitrine/domain/stats';
import { asksNotToTrack } from '../tracking';
import { ratingSaver } from '../commands/rating-saver';
import { REPORT_SUBMITTED, reportCreator } from '../commands/report-creator';

/** 401 texts for a visitor who tries to rate or report. */
export const RATE_LOGIN_REQUIRED = 'You need to login to rate this project';
export const REPORT_LOGIN_REQUIRED = 'You need to be logged in to report content.';

/** The stale-read tags of the projects a shared list shows. */
function projectTags(rows: ReadonlyArray<{ id: number }>): string[] {
  return rows.map((row) => STALE.project(row.id));
}

/** What makes a page of the latest projects stale: its projects, and for a count's order any change of that count. */
function latestTags(sort: LatestSort, rows: ReadonlyArray<{ id: number }>): string[] {
  // Recently updated moves only on a posted or deleted update, which makes every shared read stale.
  const order = sort === 'votes' || sort === 'views' ? [STALE.order(sort)] : [];
  return [...order, ...projectTags(rows)];
}

/** The project `id` as the caller now sees it (after a write). */
async function projectAnswer(caller: Caller, id: number) {
  return presentProject(await loadReadableProject(caller, id), caller.user);
}

/**
 * /api/projects: the latest, trending and leaderboard lists, top contributors, a project's page,
 * submit, edit, vote, the view beacon, rate and report. The lists and a visible project's page are
 * shared by every visitor (their contracts' sharing: api/src/contracts/reads.ts); the viewer's own
 * bits come from GET /api/projects/viewer-state.
 */
export const projectRoutes: Route[] = [
  route(
    projectContracts.latest,
    { access: 'anyone', staleOn: (rows, { query }) => latestTags(query.sort, rows) },
    async (call) => {
      const { q, limit } = call.query;
      // One row more than the page tells whether another follows (its Link).
      const page = { ...call.query, limit: limit + 1 };
      if (q) {
        // Searches are too many and too varied to share (the contract's sharedUnless): each is read for
        // its viewer, spends the address's search budget and passes the search gate (heavy-reads.ts).
        await spend(call, 'search');
        const rows = await call.deps.heavyReads.search.run(() =>
          makeProjectQueries(call.deps.sql).listProjects({ ...page, viewer: viewerOf(call) }),
        );
        return pageById(
          rows.map((row) => presentProject(row, call.user)),
          limit,
        );
      }
      const rows = await makeProjectQueries(call.deps.sql).listProjects({ ...page, viewer: null });
      return pageById(
        rows.map((row) => presentProject(row, null)),
        limit,
      );
    },
  ),
  route(
    projectContracts.trending,
    { access: 'anyone', staleOn: (rows) => [STALE.boards, ...projectTags(rows)] },
    async (call) => {
      const { period, offset, limit, after } = call.query;
      const rows = await makeRankingQueries(call.deps.sql).listTrending({
        period,
        offset,
        limit: limit + 1,
        after,
        viewer: null,
      });
      return pageById(
        rows.map((row) => presentProject(row, null)),
        limit,
      );
    },
  ),
  route(
    projectContracts.leaderboard,
    { access: 'anyone', staleOn: (entries) => [STALE.boards, ...projectTags(entries)] },
    async (call) => {
      const { timeRange, offset, limit } = call.query;
      const rows = await makeRankingQueries(call.deps.sql).listLeaderboard({
        range: timeRange,
        offset,
        limit,
        viewer: null,
      });
      return rows.map((row, i) => presentLeaderboardEntry(row, offset + i + 1, null));
    },
  ),
  route(projectContracts.topContributors, { access: 'anyone', staleOn: () => [STALE.boards] }, async (call) => {
    const rows = await makeRankingQueries(call.deps.sql).listTopContributors(call.query.limit);
    return rows.map((row, i) => presentTopContributor(row, i + 1));
  }),
  route(projectContracts.viewerState, { access: 'anyone' }, async (call) => {
    const rows = await makeProjectQueries(call.deps.sql).findViewerStates(call.query.ids, viewerOf(call));
    return rows.filter((row) => can(call.user, 'project.read', row)).map((row) => presentViewerState(row, call.user));
  }),
  // A visible project's page is the same for everyone (a visitor's, shared); a hidden one is read for its viewer alone.
  route(
    projectContracts.detail,
    { access: 'anyone', staleOn: (project) => [STALE.project(project.id)] },
    async (call) => {
      const row = await loadReadableProject(call, call.params.id);
      const [distribution, media, health] = await Promise.all([
        makeRatingQueries(call.deps.sql).ratingDistribution(row.id),
        makeProjectMediaQueries(call.deps.sql).listMedia(row.id),
        makeProjectHealthQueries(call.deps.sql).findHealth(row.id),
      ]);
      return presentProjectDetail(row, distribution, media, health, call.user);
    },
  ),
  route(
    projectContracts.submit,
    {
      access: 'active',
      limit: 'submission',
    },
    async (call) => projectAnswer(call, await projectCreator(call, call.body)),
  ),
  route(projectContracts.edit, { access: 'active' }, async (call) => {
    await projectUpdater(call, { projectId: call.params.id, edit: call.body });
    return projectAnswer(call, call.params.id);
  }),
  route(
    projectContracts.vote,
    {
      access: 'unpaused',
      limit: 'vote',
      tokenScope: 'write:votes',
      errors: { 403: `Paused, or the caller's own project ('${OWN_PROJECT_VOTE}')` },
    },
    async (call) => {
      const clicked = call.user === null && hasOutboundProof(call.koa.cookies, call.params.id);
      return presentProject(await voteCaster(call, { projectId: call.params.id, clicked }), call.user);
    },
  ),
  route(projectContracts.view, { access: 'unpaused', limit: 'view' }, async (call) => ({
    views: await viewRecorder(call, {
      projectId: call.params.id,
      reader: {
        doNotTrack: asksNotToTrack(call.koa.headers),
        userAgent: call.koa.get('user-agent'),
        source: viewSource(call.body),
      },
    }),
  })),
  route(
    projectContracts.rate,
    {
      access: 'active',
      loginMessage: RATE_LOGIN_REQUIRED,
      limit: 'rate',
      errors: { 403: `Paused, or the caller's own project ('${OWN_PROJECT_RATE}')` },
    },
    async (call) => {
      const { updated, project } = await ratingSaver(call, { projectId: call.params.id, rating: call.body.rating });
      return { ...presentProject(project, call.user), updated };
    },
  ),
  route(
    projectContracts.report,
    {
      access: 'active',
      loginMessage: REPORT_LOGIN_REQUIRED,
      limit: 'report',
      errors: { 403: `Paused, or the caller's own project ('${OWN_PROJECT_REPORT}')` },
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
