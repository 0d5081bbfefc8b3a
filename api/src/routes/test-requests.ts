import { pageById } from '@vitrine/domain/schemas/paging';
import { testRequestContracts } from '@vitrine/domain/contracts/test-requests';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { route, type Route } from '../contracts/route';
import { loadProjectAccess } from '../loaders';
import { presentGivenRating, presentTestRequest } from '../presenters/test-request';
import { loadRequestDetail } from '../test-request-loaders';
import { feedbackHelpfulMarker } from '../commands/feedback-helpful-marker';
import { feedbackSaver } from '../commands/feedback-saver';
import { testerJoiner } from '../commands/tester-joiner';
import { testerLeaver } from '../commands/tester-leaver';
import { testRequestCreator } from '../commands/test-request-creator';
import { testRequestUpdater } from '../commands/test-request-updater';
import { userRatingSaver } from '../commands/user-rating-saver';

/**
 * /api/test-requests and /api/feedback: list, open, read, edit and move a request, join and
 * leave, feedback and the helpful mark, mutual ratings after completion. Every write is rate limited.
 */
export const testRequestRoutes: Route[] = [
  route(testRequestContracts.list, { access: 'anyone' }, async (call) => {
    const { limit } = call.query;
    const rows = await makeTestRequestQueries(call.deps.sql).listRequests(
      { ...call.query, limit: limit + 1 },
      call.user?.id ?? null,
    );
    return pageById(
      rows.map((row) => presentTestRequest(row, call.user)),
      limit,
    );
  }),
  route(
    testRequestContracts.open,
    {
      access: 'active',
      limit: 'testRequest',
    },
    async (call) => loadRequestDetail(call, await testRequestCreator(call, call.body)),
  ),
  route(testRequestContracts.detail, { access: 'anyone' }, async (call) => loadRequestDetail(call, call.params.id)),
  route(
    testRequestContracts.update,
    {
      access: 'active',
      limit: 'testRequest',
    },
    async (call) => {
      await testRequestUpdater(call, { requestId: call.params.id, patch: call.body });
      return loadRequestDetail(call, call.params.id);
    },
  ),
  route(
    testRequestContracts.join,
    {
      access: 'active',
      limit: 'testerJoin',
    },
    async (call) => {
      await testerJoiner(call, { requestId: call.params.id });
      return loadRequestDetail(call, call.params.id);
    },
  ),
  route(
    testRequestContracts.leave,
    {
      access: 'active',
      limit: 'testerJoin',
    },
    async (call) => {
      await testerLeaver(call, { requestId: call.params.id });
      return loadRequestDetail(call, call.params.id);
    },
  ),
  route(
    testRequestContracts.saveFeedback,
    {
      access: 'active',
      limit: 'feedback',
    },
    async (call) => {
      const { created } = await feedbackSaver(call, { requestId: call.params.id, feedback: call.body });
      if (created) call.koa.status = 201;
      return loadRequestDetail(call, call.params.id);
    },
  ),
  route(
    testRequestContracts.markHelpful,
    {
      access: 'active',
      limit: 'feedback',
    },
    async (call) => feedbackHelpfulMarker(call, { feedbackId: call.params.id }),
  ),
  route(
    testRequestContracts.rate,
    {
      access: 'active',
      limit: 'userRating',
    },
    async (call) => {
      const { rating, updated } = await userRatingSaver(call, { requestId: call.params.id, rating: call.body });
      if (updated) call.koa.status = 200;
      return { rating: presentGivenRating(rating), updated };
    },
  ),
  route(testRequestContracts.ofProject, { access: 'anyone' }, async (call) => {
    const project = await loadProjectAccess(call, call.params.id);
    const row = await makeTestRequestQueries(call.deps.sql).findProjectRequest(project.id, call.user?.id ?? null);
    return { request: row ? presentTestRequest(row, call.user) : null };
  }),
];
