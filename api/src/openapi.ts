import { z } from 'zod';
import { loginSchema, registerSchema } from '@vitrine/domain/schemas/auth';
import { adminSearchQuerySchema, adminToggleSchema, pauseToggleSchema, visibilitySchema } from '@vitrine/domain/schemas/admin';
import { contactSchema, directMessageSchema, replySchema } from '@vitrine/domain/schemas/message';
import {
  idSchema,
  latestQuerySchema,
  leaderboardQuerySchema,
  pagingSchema,
  projectEditSchema,
  projectSubmitSchema,
  ratingSchema,
  trendingQuerySchema,
} from '@vitrine/domain/schemas/project';
import { reportListQuerySchema, reportSchema, reportUpdateSchema } from '@vitrine/domain/schemas/report';
import { DEFAULT_TOP_CONTRIBUTORS } from '@vitrine/db/queries/rankings';
import { responseShapes, type ResponseShape } from './openapi-shapes';
import { testRequestInputs as tr } from './openapi-test-requests';

/** Who may call an operation: anyone, a signed-in user, or an admin. */
type Access = 'public' | 'member' | 'admin';
/** An answer: a named shape, a list of one, or nothing (204, or a status described in words). */
type Answer = ResponseShape | `${ResponseShape}[]` | null;

/** One documented call. Paths use OpenAPI's {param} form; errors common to all calls are added by the builder. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  tag: 'meta' | 'auth' | 'projects' | 'users' | 'messages' | 'admin' | 'test-requests';
  summary: string;
  access: Access;
  /** A write: a paused account gets 403 'Your account is paused'. */
  write?: boolean;
  query?: z.ZodObject;
  body?: { name: string; schema: z.ZodType };
  /** The success status and its answer. */
  ok: [number, Answer];
  /** Further answers beyond the automatic ones (400 on input, 401/403 by access, 404 on ids), with their meaning. */
  errors?: Record<number, string>;
}

const topContributorsQuery = z.object({ limit: pagingSchema.shape.limit.default(DEFAULT_TOP_CONTRIBUTORS) });
const body = (name: string, schema: z.ZodType) => ({ name, schema });
const RATE_LIMITED = 'Too many requests (rate limit); Retry-After says when to try again';

/** Every route of the API; the openapi test checks this list against the routers both ways. */
export const operations: Operation[] = [
  { method: 'get', path: '/api/health', tag: 'meta', summary: 'Database and Redis status', access: 'public', ok: [200, 'Health'], errors: { 503: 'Database or Redis is down' } },
  { method: 'get', path: '/api/openapi.json', tag: 'meta', summary: 'This OpenAPI 3.1 document', access: 'public', ok: [200, null] },

  { method: 'get', path: '/api/auth/me', tag: 'auth', summary: 'The signed-in user', access: 'member', ok: [200, 'CurrentUser'] },
  { method: 'post', path: '/api/auth/register', tag: 'auth', summary: 'Create an account and sign in', access: 'public', body: body('RegisterInput', registerSchema), ok: [201, 'CurrentUser'], errors: { 409: 'Username already exists', 429: RATE_LIMITED } },
  { method: 'post', path: '/api/auth/login', tag: 'auth', summary: 'Sign in (rememberMe keeps the session 30 days)', access: 'public', body: body('LoginInput', loginSchema), ok: [200, 'CurrentUser'], errors: { 401: 'Invalid username or password', 429: RATE_LIMITED } },
  { method: 'post', path: '/api/auth/logout', tag: 'auth', summary: 'Sign out (allowed while paused)', access: 'public', ok: [204, null] },

  { method: 'get', path: '/api/projects', tag: 'projects', summary: 'Latest projects (visible only), sorted on the server', access: 'public', query: latestQuerySchema, ok: [200, 'Project[]'] },
  { method: 'get', path: '/api/projects/trending', tag: 'projects', summary: 'Trending projects of a period', access: 'public', query: trendingQuerySchema, ok: [200, 'Project[]'] },
  { method: 'get', path: '/api/projects/leaderboard', tag: 'projects', summary: 'Leaderboard of a time range (votes in the range)', access: 'public', query: leaderboardQuerySchema, ok: [200, 'LeaderboardEntry[]'] },
  { method: 'get', path: '/api/projects/top-contributors', tag: 'projects', summary: 'Users by total votes on their visible projects', access: 'public', query: topContributorsQuery, ok: [200, 'TopContributor[]'] },
  { method: 'get', path: '/api/projects/{id}', tag: 'projects', summary: 'A project with its rating distribution (hidden: owner and admins only)', access: 'public', ok: [200, 'ProjectDetail'] },
  { method: 'post', path: '/api/projects', tag: 'projects', summary: 'Submit a project', access: 'member', write: true, body: body('ProjectSubmitInput', projectSubmitSchema), ok: [201, 'Project'], errors: { 429: RATE_LIMITED } },
  { method: 'patch', path: '/api/projects/{id}', tag: 'projects', summary: 'Edit a project (owner or admin)', access: 'member', write: true, body: body('ProjectEditInput', projectEditSchema), ok: [200, 'Project'], errors: { 403: 'Not the owner or an admin, or the account is paused' } },
  { method: 'post', path: '/api/projects/{id}/vote', tag: 'projects', summary: 'Vote once (visitors by IP, members by account)', access: 'public', write: true, ok: [200, 'Project'], errors: { 409: 'Already voted', 429: RATE_LIMITED } },
  { method: 'post', path: '/api/projects/{id}/view', tag: 'projects', summary: 'View beacon: one view per viewer per project per day', access: 'public', write: true, ok: [200, 'Views'] },
  { method: 'post', path: '/api/projects/{id}/rate', tag: 'projects', summary: 'Rate 1-10; a re-rate updates the rating', access: 'member', write: true, body: body('RatingInput', ratingSchema), ok: [200, 'RatingResult'], errors: { 401: 'You need to login to rate this project', 429: RATE_LIMITED } },
  { method: 'post', path: '/api/projects/{id}/report', tag: 'projects', summary: 'Report a project (one open report per member)', access: 'member', write: true, body: body('ReportInput', reportSchema), ok: [201, 'Created'], errors: { 401: 'You need to be logged in to report content.', 409: 'You have already reported this project', 429: RATE_LIMITED } },

  { method: 'get', path: '/api/users', tag: 'users', summary: 'Users for the recipient picker (excludes the caller)', access: 'member', ok: [200, 'UserOption[]'] },
  { method: 'get', path: '/api/users/{username}', tag: 'users', summary: 'A public profile with its visible projects', access: 'public', ok: [200, 'UserProfile'], errors: { 404: 'User not found' } },

  { method: 'post', path: '/api/contact', tag: 'messages', summary: 'Contact form: to the admins, or to recipientUserId (members); platform or email mode', access: 'public', write: true, body: body('ContactInput', contactSchema), ok: [201, 'Created'], errors: { 401: 'recipientUserId given by a visitor', 404: 'User not found (recipientUserId)', 429: RATE_LIMITED } },
  { method: 'get', path: '/api/messages', tag: 'messages', summary: "The caller's box: received and sent, newest first (admins: plus messages to the admins)", access: 'member', ok: [200, 'MessageView[]'] },
  { method: 'get', path: '/api/messages/unread-count', tag: 'messages', summary: 'Unread messages received (admins: plus unread messages to the admins)', access: 'member', ok: [200, 'UnreadCount'] },
  { method: 'post', path: '/api/messages', tag: 'messages', summary: 'Message another user (the Message User tab)', access: 'member', write: true, body: body('DirectMessageInput', directMessageSchema), ok: [201, 'MessageView'], errors: { 400: 'Invalid input, or a message to oneself', 404: 'User not found', 429: RATE_LIMITED } },
  { method: 'patch', path: '/api/messages/{id}/read', tag: 'messages', summary: 'Mark as read (its recipient; admins for messages to the admins)', access: 'member', write: true, ok: [200, 'MessageView'], errors: { 403: 'Only the recipient can mark this message as read, or the account is paused', 404: 'Message not found' } },
  { method: 'delete', path: '/api/messages/{id}', tag: 'messages', summary: 'Delete: a sender or recipient hides it from their box; an admin deletes it', access: 'member', write: true, ok: [204, null], errors: { 404: 'Message not found' } },

  { method: 'get', path: '/api/admin/messages', tag: 'admin', summary: 'Every message, newest first', access: 'admin', ok: [200, 'MessageView[]'] },
  { method: 'post', path: '/api/admin/messages', tag: 'admin', summary: 'Admin composer: a message to a user', access: 'admin', write: true, body: body('DirectMessageInput', directMessageSchema), ok: [201, 'MessageView'], errors: { 404: 'User not found' } },
  { method: 'post', path: '/api/admin/messages/{id}/reply', tag: 'admin', summary: "Reply to a message's sender account", access: 'admin', write: true, body: body('ReplyInput', replySchema), ok: [201, 'MessageView'], errors: { 400: 'Invalid input, or the message has no sender account', 404: 'Message not found' } },
  { method: 'get', path: '/api/admin/users', tag: 'admin', summary: 'Every user, newest first; q searches username and email', access: 'admin', query: adminSearchQuerySchema, ok: [200, 'AdminUser[]'] },
  { method: 'patch', path: '/api/admin/users/{userId}/admin', tag: 'admin', summary: 'Grant or remove admin (never one\'s own)', access: 'admin', write: true, body: body('AdminToggleInput', adminToggleSchema), ok: [200, 'AdminUser'], errors: { 400: 'You cannot change your own admin status', 404: 'User not found' } },
  { method: 'patch', path: '/api/admin/users/{userId}/pause', tag: 'admin', summary: 'Pause or unpause a user (admins cannot be paused)', access: 'admin', write: true, body: body('PauseToggleInput', pauseToggleSchema), ok: [200, 'AdminUser'], errors: { 400: 'Admins cannot be paused', 404: 'User not found' } },
  { method: 'delete', path: '/api/admin/users/{userId}', tag: 'admin', summary: 'Delete a user and all of their projects', access: 'admin', write: true, ok: [204, null], errors: { 400: 'You cannot delete your own account', 404: 'User not found' } },
  { method: 'get', path: '/api/admin/projects', tag: 'admin', summary: 'Every project, hidden ones included, newest first (100); q searches title, description and tags', access: 'admin', query: adminSearchQuerySchema, ok: [200, 'Project[]'] },
  { method: 'delete', path: '/api/admin/projects/{id}', tag: 'admin', summary: 'Delete a project', access: 'admin', write: true, ok: [204, null], errors: { 404: 'Project not found' } },
  { method: 'patch', path: '/api/admin/projects/{projectId}/visibility', tag: 'admin', summary: 'Hide a project from public view or show it again', access: 'admin', write: true, body: body('VisibilityInput', visibilitySchema), ok: [200, 'Project'], errors: { 404: 'Project not found' } },
  { method: 'get', path: '/api/admin/reports', tag: 'admin', summary: 'Reports with one status (default pending), newest first', access: 'admin', query: reportListQuerySchema, ok: [200, 'AdminReport[]'] },
  { method: 'patch', path: '/api/admin/reports/{id}', tag: 'admin', summary: 'Review, Dismiss, Hide (removed) or Restore (removed -> reviewed) a report', access: 'admin', write: true, body: body('ReportUpdateInput', reportUpdateSchema), ok: [200, 'AdminReport'], errors: { 400: 'Invalid input, or a status change the workflow does not allow', 404: 'Report not found' } },
  { method: 'get', path: '/api/admin/test-requests', tag: 'admin', summary: 'Every test request, hidden ones included, newest first (100); q searches title, description, project and owner', access: 'admin', query: adminSearchQuerySchema, ok: [200, 'TestRequest[]'] },
  { method: 'patch', path: '/api/admin/test-requests/{id}/visibility', tag: 'admin', summary: 'Hide a test request or show it again', access: 'admin', write: true, body: body('VisibilityInput', visibilitySchema), ok: [200, 'RequestVisibility'], errors: { 429: RATE_LIMITED } },
  { method: 'delete', path: '/api/admin/user-ratings/{id}', tag: 'admin', summary: "Remove an abusive user rating; the rated user's aggregates are recomputed", access: 'admin', write: true, ok: [204, null], errors: { 429: RATE_LIMITED } },
  // Issue 13: test requests and tester ratings.
  { method: 'get', path: '/api/test-requests', tag: 'test-requests', summary: 'Open test requests (status=all for every visible one); filter by skill and category; sort by deadline or newest; offset/limit', access: 'public', query: tr.TestRequestListQuery, ok: [200, 'TestRequest[]'] },
  { method: 'post', path: '/api/test-requests', tag: 'test-requests', summary: "Open a test request for one's own project (one active request per project)", access: 'member', write: true, body: body('TestRequestCreateInput', tr.TestRequestCreateInput), ok: [201, 'TestRequestDetail'], errors: { 403: 'Not the owner of the project, or the account is paused', 409: 'The project already has an active test request', 429: RATE_LIMITED } },
  { method: 'get', path: '/api/test-requests/{id}', tag: 'test-requests', summary: 'A test request with its testers; feedback for the owner, testers and admins only', access: 'public', ok: [200, 'TestRequestDetail'] },
  { method: 'patch', path: '/api/test-requests/{id}', tag: 'test-requests', summary: 'Edit a request or move its status: open -> in_progress -> completed, cancel from open or in_progress (owner; admins may cancel)', access: 'member', write: true, body: body('TestRequestUpdateInput', tr.TestRequestUpdateInput), ok: [200, 'TestRequestDetail'], errors: { 403: 'Not the owner', 409: 'A refused transition, an edit of a finished request, or maxTesters below the joined testers', 429: RATE_LIMITED } },
  { method: 'post', path: '/api/test-requests/{id}/testers', tag: 'test-requests', summary: 'Join as a tester (role tester or both; open, before the deadline, below maxTesters)', access: 'member', write: true, ok: [201, 'TestRequestDetail'], errors: { 403: 'Not a tester role, or one\'s own request', 409: 'Already joined, not open, deadline passed, or full', 429: RATE_LIMITED } },
  { method: 'delete', path: '/api/test-requests/{id}/testers', tag: 'test-requests', summary: 'Leave before completion (takes one\'s feedback along)', access: 'member', write: true, ok: [200, 'TestRequestDetail'], errors: { 409: 'Not joined, or the request is completed or cancelled', 429: RATE_LIMITED } },
  { method: 'put', path: '/api/test-requests/{id}/feedback', tag: 'test-requests', summary: "Write or edit one's feedback (joined testers, until completion); 201 when new", access: 'member', write: true, body: body('FeedbackInput', tr.FeedbackInput), ok: [200, 'TestRequestDetail'], errors: { 403: 'Not a joined tester', 409: 'The request is completed or cancelled', 429: RATE_LIMITED } },
  { method: 'post', path: '/api/feedback/{id}/helpful', tag: 'test-requests', summary: 'The owner marks feedback helpful once (activity points for the tester)', access: 'member', write: true, ok: [200, 'HelpfulCount'], errors: { 403: 'Not the owner of the request', 409: 'Already marked helpful', 429: RATE_LIMITED } },
  { method: 'post', path: '/api/test-requests/{id}/ratings', tag: 'test-requests', summary: 'Rate the other side of a completed request: the owner rates testers, testers rate the owner; once per pair, editable for 7 days (200 when changed)', access: 'member', write: true, body: body('UserRatingInput', tr.UserRatingInput), ok: [201, 'UserRatingResult'], errors: { 400: 'Invalid input, or rating oneself', 403: 'Not participants of the request', 409: 'Not completed yet, or past the 7-day edit window', 429: RATE_LIMITED } },
  { method: 'get', path: '/api/projects/{id}/test-request', tag: 'test-requests', summary: "A project's test request (the active one, else the latest), or null", access: 'public', ok: [200, 'ProjectTestRequest'] },
  { method: 'get', path: '/api/users/{username}/ratings', tag: 'users', summary: "A user's developer and tester ratings with counts, tiers and the ratings received", access: 'public', ok: [200, 'UserRatingsAnswer'], errors: { 404: 'User not found' } },
  { method: 'patch', path: '/api/users/me', tag: 'users', summary: 'Profile settings: role, bio, email, email notices', access: 'member', write: true, body: body('SettingsInput', tr.SettingsInput), ok: [200, 'CurrentUser'], errors: { 429: RATE_LIMITED } },
  { method: 'delete', path: '/api/admin/reports/{id}', tag: 'admin', summary: 'Delete a decided report', access: 'admin', write: true, ok: [204, null], errors: { 400: 'Only reviewed, dismissed or removed reports can be deleted', 404: 'Report not found' } },
];

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a zod schema, without its $schema line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
function answerSchema(answer: Exclude<Answer, null>) {
  return answer.endsWith('[]') ? { type: 'array', items: ref(answer.slice(0, -2)) } : ref(answer);
}
const json = (schema: object) => ({ 'application/json': { schema } });

/** Path parameters of an OpenAPI path: numeric ids, or a username. */
function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'username' ? { type: 'string' } : jsonSchema(idSchema, 'input'),
  }));
}

function queryParameters(query: z.ZodObject) {
  const schema = jsonSchema(query, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: s,
  }));
}

function responsesOf(op: Operation) {
  const [status, answer] = op.ok;
  const responses: Record<string, object> = {
    [status]: answer === null ? { description: status === 204 ? 'Done, no body' : 'OK' } : { description: 'OK', content: json(answerSchema(answer)) },
  };
  const errors: Record<number, string> = {};
  if (op.body || op.query || op.path.includes('{')) errors[400] = 'Invalid input (the first problem, in the words of the spec)';
  if (op.access !== 'public') errors[401] = 'Not signed in';
  if (op.access === 'admin') errors[403] = 'Not an admin (or, on a write, the account is paused)';
  else if (op.write) errors[403] = 'Your account is paused';
  if (op.path.includes('{')) errors[404] = 'Not found';
  Object.assign(errors, op.errors);
  for (const [code, description] of Object.entries(errors)) {
    responses[code] = { description, content: json(ref('Error')) };
  }
  return responses;
}

function operationObject(op: Operation) {
  const parameters = [...pathParameters(op.path), ...(op.query ? queryParameters(op.query) : [])];
  return {
    tags: [op.tag],
    summary: op.summary,
    operationId: `${op.method}${op.path.replace(/^\/api/, '').replace(/[{}]/g, '').replace(/[/.-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
    security: op.access === 'public' ? [{}, { session: [] }] : [{ session: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: json(ref(op.body.name)) } } : {}),
    responses: responsesOf(op),
  };
}

let cached: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 document of the whole API, built once from the domain's zod schemas. */
export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  const schemas: Record<string, object> = {};
  for (const [name, schema] of Object.entries(responseShapes)) schemas[name] = jsonSchema(schema, 'output');
  for (const op of operations) {
    (paths[op.path] ??= {})[op.method] = operationObject(op);
    if (op.body) schemas[op.body.name] = jsonSchema(op.body.schema, 'input');
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Vitrine API',
      version: '1.0.0',
      description:
        'Community project showcase. Every error answers { "message" }. Writes must come from the site\'s own Origin; ' +
        'the session is the vitrine.sid cookie set by login or register. See docs/api.md.',
    },
    servers: [{ url: '/' }],
    tags: ['meta', 'auth', 'projects', 'users', 'messages', 'admin', 'test-requests'].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'vitrine.sid' } },
    },
  };
  return cached;
}
