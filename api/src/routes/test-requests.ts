import { z } from 'zod';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { testRequestListQuerySchema } from '@vitrine/domain/schemas/test-request';
import { idParams } from '../contracts/answers';
import { testRequestAnswers as answers, testRequestInputs as inputs } from '../contracts/test-request-answers';
import { route, type Route } from '../contracts/route';
import { loadReadableProject } from '../loaders';
import { presentGivenRating, presentTestRequest } from '../presenters/test-request';
import { loadRequestDetail } from '../test-request-loaders';
import { feedbackHelpfulMarker } from '../commands/feedback-helpful-marker';
import { feedbackSaver } from '../commands/feedback-saver';
import { testerJoiner } from '../commands/tester-joiner';
import { testerLeaver } from '../commands/tester-leaver';
import { testRequestCreator } from '../commands/test-request-creator';
import { testRequestUpdater } from '../commands/test-request-updater';
import { userRatingSaver } from '../commands/user-rating-saver';

const tag = 'test-requests' as const;

/**
 * /api/test-requests and /api/feedback: list, open, read, edit and move a request, join and
 * leave, feedback and the helpful mark, mutual ratings after completion. Every write is rate limited.
 */
export const testRequestRoutes: Route[] = [
  route(
    {
      method: 'get',
      path: '/api/test-requests',
      tag,
      summary:
        'Open test requests (status=all: every visible one); filter by skill and category; sort by deadline or newest; offset/limit',
      access: 'anyone',
      query: testRequestListQuerySchema,
      response: z.array(answers.TestRequest),
    },
    async (call) =>
      (await makeTestRequestQueries(call.deps.sql).listRequests(call.query, call.user?.id ?? null)).map((row) =>
        presentTestRequest(row, call.user),
      ),
  ),
  route(
    {
      method: 'post',
      path: '/api/test-requests',
      tag,
      summary: "Open a test request for one's own project (one active request per project)",
      access: 'active',
      limit: 'testRequest',
      body: inputs.TestRequestCreateInput,
      status: 201,
      response: answers.TestRequestDetail,
      errors: { 403: 'Not the owner of the project', 409: 'The project already has an active test request' },
    },
    async (call) => loadRequestDetail(call, await testRequestCreator(call, call.body)),
  ),
  route(
    {
      method: 'get',
      path: '/api/test-requests/:id',
      tag,
      summary: 'A test request with its testers; every feedback for the owner, the testers and admins only',
      access: 'anyone',
      params: idParams,
      response: answers.TestRequestDetail,
    },
    async (call) => loadRequestDetail(call, call.params.id),
  ),
  route(
    {
      method: 'patch',
      path: '/api/test-requests/:id',
      tag,
      summary:
        'Edit a request or move its status: open -> in_progress -> completed; cancel from open or in_progress (the owner; admins may cancel)',
      access: 'active',
      limit: 'testRequest',
      params: idParams,
      body: inputs.TestRequestUpdateInput,
      response: answers.TestRequestDetail,
      errors: {
        403: 'Not the owner',
        409: 'A refused transition, an edit of a finished request, or maxTesters below the joined testers',
      },
    },
    async (call) => {
      await testRequestUpdater(call, { requestId: call.params.id, patch: call.body });
      return loadRequestDetail(call, call.params.id);
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/test-requests/:id/testers',
      tag,
      summary: 'Join as a tester (role tester or both; open, before the deadline, below maxTesters)',
      access: 'active',
      limit: 'testerJoin',
      params: idParams,
      status: 201,
      response: answers.TestRequestDetail,
      errors: {
        403: "Not a tester role, or one's own request",
        409: 'Already joined, not open, deadline passed, or full',
      },
    },
    async (call) => {
      await testerJoiner(call, { requestId: call.params.id });
      return loadRequestDetail(call, call.params.id);
    },
  ),
  route(
    {
      method: 'delete',
      path: '/api/test-requests/:id/testers',
      tag,
      summary: "Leave before completion (one's feedback goes too)",
      access: 'active',
      limit: 'testerJoin',
      params: idParams,
      response: answers.TestRequestDetail,
      errors: { 409: 'Not joined, or the request is completed or cancelled' },
    },
    async (call) => {
      await testerLeaver(call, { requestId: call.params.id });
      return loadRequestDetail(call, call.params.id);
    },
  ),
  route(
    {
      method: 'put',
      path: '/api/test-requests/:id/feedback',
      tag,
      summary: "Write or edit one's feedback (joined testers, until completion); 201 when it is new",
      access: 'active',
      limit: 'feedback',
      params: idParams,
      body: inputs.FeedbackInput,
      response: answers.TestRequestDetail,
      errors: { 403: 'Not a joined tester', 409: 'The request is completed or cancelled' },
    },
    async (call) => {
      const { created } = await feedbackSaver(call, { requestId: call.params.id, feedback: call.body });
      if (created) call.koa.status = 201;
      return loadRequestDetail(call, call.params.id);
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/feedback/:id/helpful',
      tag,
      summary: 'The owner marks feedback helpful, once (activity points for the tester)',
      access: 'active',
      limit: 'feedback',
      params: idParams,
      response: answers.HelpfulCount,
      errors: { 403: 'Not the owner of the request', 409: 'Already marked helpful' },
    },
    async (call) => feedbackHelpfulMarker(call, { feedbackId: call.params.id }),
  ),
  route(
    {
      method: 'post',
      path: '/api/test-requests/:id/ratings',
      tag,
      summary:
        'After completion the owner rates each tester and each tester the owner: once per pair, editable for 7 days (201 new, 200 changed)',
      access: 'active',
      limit: 'userRating',
      params: idParams,
      body: inputs.UserRatingInput,
      status: 201,
      response: answers.UserRatingResult,
      errors: {
        400: 'Invalid input, or rating oneself',
        403: 'Not participants of the request',
        409: 'Not completed yet, or past the 7-day edit window',
      },
    },
    async (call) => {
      const { rating, updated } = await userRatingSaver(call, { requestId: call.params.id, rating: call.body });
      if (updated) call.koa.status = 200;
      return { rating: presentGivenRating(rating), updated };
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/projects/:id/test-request',
      tag,
      summary: "A project's test request (the active one, else the latest), or null",
      access: 'anyone',
      params: idParams,
      response: answers.ProjectTestRequest,
    },
    async (call) => {
      const project = await loadReadableProject(call, call.params.id);
      const row = await makeTestRequestQueries(call.deps.sql).findProjectRequest(project.id, call.user?.id ?? null);
      return { request: row ? presentTestRequest(row, call.user) : null };
    },
  ),
];
