import { z } from '../zod';
import { testRequestAnswers as answers } from '../answers';
import { testRequestListQuerySchema } from '../schemas/test-request';
import { contract } from './contract';
import { testRequestInputs as inputs } from './inputs';
import { idParams } from './params';

const tag = 'test-requests' as const;

/** /api/test-requests and /api/feedback: requests, testers, feedback and mutual ratings. */
export const testRequestContracts = {
  list: contract({
    method: 'get',
    path: '/api/test-requests',
    tag,
    summary:
      'Open test requests (status=all: every visible one); filter by skill and category; sort by deadline or newest; offset/limit',
    query: testRequestListQuerySchema,
    response: z.array(answers.TestRequest),
    paging: { cursor: 'after' },
  }),
  open: contract({
    method: 'post',
    path: '/api/test-requests',
    tag,
    summary: "Open a test request for one's own project (one active request per project)",
    body: inputs.TestRequestCreateInput,
    status: 201,
    response: answers.TestRequestDetail,
    errors: { 403: 'Not the owner of the project', 409: 'The project already has an active test request' },
  }),
  detail: contract({
    method: 'get',
    path: '/api/test-requests/:id',
    tag,
    summary: 'A test request with its testers; every feedback for the owner, the testers and admins only',
    params: idParams,
    response: answers.TestRequestDetail,
  }),
  update: contract({
    method: 'patch',
    path: '/api/test-requests/:id',
    tag,
    summary:
      'Edit a request or move its status: open -> in_progress -> completed; cancel from open or in_progress (the owner; admins may cancel)',
    params: idParams,
    body: inputs.TestRequestUpdateInput,
    response: answers.TestRequestDetail,
    errors: {
      403: 'Not the owner',
      409: 'A refused transition, an edit of a finished request, or maxTesters below the joined testers',
    },
  }),
  join: contract({
    method: 'post',
    path: '/api/test-requests/:id/testers',
    tag,
    summary: 'Join as a tester (role tester or both; open, before the deadline, below maxTesters)',
    params: idParams,
    status: 201,
    response: answers.TestRequestDetail,
    errors: {
      403: "Not a tester role, or one's own request",
      409: 'Already joined, not open, deadline passed, or full',
    },
  }),
  leave: contract({
    method: 'delete',
    path: '/api/test-requests/:id/testers',
    tag,
    summary: "Leave before completion (one's feedback goes too)",
    params: idParams,
    response: answers.TestRequestDetail,
    errors: { 409: 'Not joined, or the request is completed or cancelled' },
  }),
  saveFeedback: contract({
    method: 'put',
    path: '/api/test-requests/:id/feedback',
    tag,
    summary: "Write or edit one's feedback (joined testers, until completion); 201 when it is new",
    params: idParams,
    body: inputs.FeedbackInput,
    response: answers.TestRequestDetail,
    errors: { 403: 'Not a joined tester', 409: 'The request is completed or cancelled' },
  }),
  markHelpful: contract({
    method: 'post',
    path: '/api/feedback/:id/helpful',
    tag,
    summary: 'The owner marks feedback helpful, once (activity points for the tester)',
    params: idParams,
    response: answers.HelpfulCount,
    errors: { 403: 'Not the owner of the request', 409: 'Already marked helpful' },
  }),
  rate: contract({
    method: 'post',
    path: '/api/test-requests/:id/ratings',
    tag,
    summary:
      'After completion the owner rates each tester and each tester the owner: once per pair, editable for 7 days (201 new, 200 changed)',
    params: idParams,
    body: inputs.UserRatingInput,
    status: 201,
    response: answers.UserRatingResult,
    errors: {
      400: 'Invalid input, or rating oneself',
      403: 'Not participants of the request',
      409: 'Not completed yet, or past the 7-day edit window',
    },
  }),
  ofProject: contract({
    method: 'get',
    path: '/api/projects/:id/test-request',
    tag,
    summary: "A project's test request (the active one, else the latest), or null",
    params: idParams,
    response: answers.ProjectTestRequest,
  }),
};
