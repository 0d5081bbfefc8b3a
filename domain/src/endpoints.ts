import type { z } from './zod';
import type { Method, RouteContract } from './contracts/contract';
import type { adminContracts } from './contracts/admin';
import type { adminTestRequestContracts } from './contracts/admin-test-requests';
import type { authContracts } from './contracts/auth';
import type { commentContracts } from './contracts/comments';
import type { devlogContracts } from './contracts/devlogs';
import type { docsContracts } from './contracts/docs';
import type { emailContracts } from './contracts/email';
import type { healthContracts } from './contracts/health';
import type { integrityContracts } from './contracts/integrity';
import type { messageContracts } from './contracts/messages';
import type { notificationContracts } from './contracts/notifications';
import type { projectContracts } from './contracts/projects';
import type { projectHealthContracts } from './contracts/project-health';
import type { statsContracts } from './contracts/stats';
import type { testRequestContracts } from './contracts/test-requests';
import type { tokenContracts } from './contracts/tokens';
import type { userRatingContracts } from './contracts/user-ratings';
import type { userContracts } from './contracts/users';
import type { webhookContracts } from './contracts/webhooks';

/**
 * The light route table the web's client calls through (web/src/lib/api.ts): each route's method and
 * path, with its contract (domain/src/contracts/) attached as a type only, so the browser bundles no
 * schema for it. The type checker holds each entry to its contract: a method or path that differs, a
 * route missing or one too many fails the build.
 */

/** A route as the client sees it: method and path, and (as a type only) its contract. */
export interface Endpoint<C extends RouteContract = RouteContract> {
  readonly method: C['method'];
  readonly path: C['path'];
  /** Never set: carries the contract's type to the client's arguments and answer. */
  readonly contract?: C;
}

/** The endpoints of one area's contracts, one per contract. */
export type EndpointsOf<T> = { readonly [K in keyof T]: T[K] extends RouteContract ? Endpoint<T[K]> : never };

export function endpoint<const M extends Method, const P extends string>(method: M, path: P) {
  return { method, path };
}

/** The contract an endpoint carries. */
export type ContractOf<E> = E extends Endpoint<infer C> ? C : never;

/** A path parameter's value: the client writes it into the path. */
type PathValue = string | number;
/** The schema a contract has under `key` (never when it has none). */
type SchemaOf<E, K extends 'params' | 'query' | 'body'> = NonNullable<ContractOf<E>[K]>;
// Each helper takes the schema as a naked type parameter, so a missing schema (never) gives never.
type PathFields<S> = S extends z.ZodObject ? { [K in keyof z.output<S>]: PathValue } : never;
type QueryFields<S> = S extends z.ZodObject ? FieldsAs<z.input<S>, z.output<S>> : never;
type FieldsAs<In, Out> = { [K in keyof In]: K extends keyof Out ? Out[K] : never };
type BodyFields<S> = S extends z.ZodType ? z.input<S> : never;
/** What a path's parameters take. */
export type ParamsOf<E> = PathFields<SchemaOf<E, 'params'>>;
/** What a query takes: its fields as parsed, optional where the query's own input is. */
export type QueryOf<E> = QueryFields<SchemaOf<E, 'query'>>;
/** The JSON body a route takes. */
export type BodyOf<E> = BodyFields<SchemaOf<E, 'body'>>;
/** The answer of a route (null for one without a body). */
export type AnswerOf<E> = ContractOf<E>['response'] extends z.ZodType ? z.output<ContractOf<E>['response']> : null;

type ParamsPart<E> = [ParamsOf<E>] extends [never] ? { params?: never } : { params: ParamsOf<E> };
type QueryPart<E> = [QueryOf<E>] extends [never]
  ? { query?: never }
  : object extends QueryOf<E>
    ? { query?: QueryOf<E> }
    : { query: QueryOf<E> };
type BodyPart<E> = [BodyOf<E>] extends [never] ? { body?: never } : { body: BodyOf<E> };
/** What a call of the route takes: its path parameters, query and body, each where the contract has one. */
export type ArgsOf<E> = ParamsPart<E> & QueryPart<E> & BodyPart<E>;

const admin: EndpointsOf<typeof adminContracts> = {
  messages: endpoint('get', '/api/admin/messages'),
  sendMessage: endpoint('post', '/api/admin/messages'),
  reply: endpoint('post', '/api/admin/messages/:id/reply'),
  users: endpoint('get', '/api/admin/users'),
  setAdmin: endpoint('patch', '/api/admin/users/:userId/admin'),
  setPaused: endpoint('patch', '/api/admin/users/:userId/pause'),
  removeUser: endpoint('delete', '/api/admin/users/:userId'),
  projects: endpoint('get', '/api/admin/projects'),
  removeProject: endpoint('delete', '/api/admin/projects/:id'),
  setProjectVisibility: endpoint('patch', '/api/admin/projects/:projectId/visibility'),
  reports: endpoint('get', '/api/admin/reports'),
  updateReport: endpoint('patch', '/api/admin/reports/:id'),
  removeReport: endpoint('delete', '/api/admin/reports/:id'),
};

const adminTestRequests: EndpointsOf<typeof adminTestRequestContracts> = {
  list: endpoint('get', '/api/admin/test-requests'),
  setVisibility: endpoint('patch', '/api/admin/test-requests/:id/visibility'),
  removeUserRating: endpoint('delete', '/api/admin/user-ratings/:id'),
};

const auth: EndpointsOf<typeof authContracts> = {
  me: endpoint('get', '/api/auth/me'),
  register: endpoint('post', '/api/auth/register'),
  login: endpoint('post', '/api/auth/login'),
  logout: endpoint('post', '/api/auth/logout'),
};

const comments: EndpointsOf<typeof commentContracts> = {
  list: endpoint('get', '/api/projects/:id/comments'),
  create: endpoint('post', '/api/projects/:id/comments'),
  edit: endpoint('patch', '/api/comments/:id'),
  remove: endpoint('delete', '/api/comments/:id'),
  report: endpoint('post', '/api/comments/:id/report'),
  setVisibility: endpoint('patch', '/api/admin/comments/:id/visibility'),
  reports: endpoint('get', '/api/admin/comment-reports'),
  decideReport: endpoint('patch', '/api/admin/comment-reports/:id'),
};

const docs: EndpointsOf<typeof docsContracts> = {
  openapi: endpoint('get', '/api/openapi.json'),
};

const email: EndpointsOf<typeof emailContracts> = {
  confirm: endpoint('post', '/api/email/confirm'),
};

const health: EndpointsOf<typeof healthContracts> = {
  live: endpoint('get', '/api/health/live'),
  ready: endpoint('get', '/api/health/ready'),
  health: endpoint('get', '/api/health'),
};

const integrity: EndpointsOf<typeof integrityContracts> = {
  score: endpoint('get', '/api/projects/:id/score'),
  clusters: endpoint('get', '/api/admin/integrity/clusters'),
  decideCluster: endpoint('patch', '/api/admin/integrity/clusters/:id'),
};

const messages: EndpointsOf<typeof messageContracts> = {
  contact: endpoint('post', '/api/contact'),
  list: endpoint('get', '/api/messages'),
  unreadCount: endpoint('get', '/api/messages/unread-count'),
  send: endpoint('post', '/api/messages'),
  markRead: endpoint('patch', '/api/messages/:id/read'),
  remove: endpoint('delete', '/api/messages/:id'),
};

const notifications: EndpointsOf<typeof notificationContracts> = {
  follow: endpoint('post', '/api/users/:username/follow'),
  unfollow: endpoint('delete', '/api/users/:username/follow'),
  followingFeed: endpoint('get', '/api/feed/following'),
  list: endpoint('get', '/api/notifications'),
  unreadCount: endpoint('get', '/api/notifications/unread-count'),
  markRead: endpoint('post', '/api/notifications/read'),
  settings: endpoint('get', '/api/users/me/notifications'),
  updateSettings: endpoint('patch', '/api/users/me/notifications'),
  unsubscribeLink: endpoint('get', '/api/unsubscribe'),
  unsubscribe: endpoint('post', '/api/unsubscribe'),
};

const projects: EndpointsOf<typeof projectContracts> = {
  latest: endpoint('get', '/api/projects'),
  trending: endpoint('get', '/api/projects/trending'),
  leaderboard: endpoint('get', '/api/projects/leaderboard'),
  topContributors: endpoint('get', '/api/projects/top-contributors'),
  viewerState: endpoint('get', '/api/projects/viewer-state'),
  detail: endpoint('get', '/api/projects/:id'),
  submit: endpoint('post', '/api/projects'),
  edit: endpoint('patch', '/api/projects/:id'),
  vote: endpoint('post', '/api/projects/:id/vote'),
  view: endpoint('post', '/api/projects/:id/view'),
  rate: endpoint('post', '/api/projects/:id/rate'),
  report: endpoint('post', '/api/projects/:id/report'),
};

const projectHealth: EndpointsOf<typeof projectHealthContracts> = {
  history: endpoint('get', '/api/projects/:id/health'),
  checkNow: endpoint('post', '/api/projects/:id/health/check'),
};

const stats: EndpointsOf<typeof statsContracts> = {
  projectStats: endpoint('get', '/api/projects/:id/stats'),
};

const testRequests: EndpointsOf<typeof testRequestContracts> = {
  list: endpoint('get', '/api/test-requests'),
  open: endpoint('post', '/api/test-requests'),
  detail: endpoint('get', '/api/test-requests/:id'),
  update: endpoint('patch', '/api/test-requests/:id'),
  join: endpoint('post', '/api/test-requests/:id/testers'),
  leave: endpoint('delete', '/api/test-requests/:id/testers'),
  saveFeedback: endpoint('put', '/api/test-requests/:id/feedback'),
  markHelpful: endpoint('post', '/api/feedback/:id/helpful'),
  rate: endpoint('post', '/api/test-requests/:id/ratings'),
  ofProject: endpoint('get', '/api/projects/:id/test-request'),
};

const tokens: EndpointsOf<typeof tokenContracts> = {
  list: endpoint('get', '/api/tokens'),
  create: endpoint('post', '/api/tokens'),
  remove: endpoint('delete', '/api/tokens/:id'),
};

const userRatings: EndpointsOf<typeof userRatingContracts> = {
  updateSettings: endpoint('patch', '/api/users/me'),
  ofUser: endpoint('get', '/api/users/:username/ratings'),
};

const users: EndpointsOf<typeof userContracts> = {
  options: endpoint('get', '/api/users'),
  profile: endpoint('get', '/api/users/:username'),
  changePassword: endpoint('post', '/api/users/me/password'),
  resendConfirmation: endpoint('post', '/api/users/me/email-confirmation'),
  exportData: endpoint('get', '/api/users/me/export'),
  deleteAccount: endpoint('delete', '/api/users/me'),
};

const devlogs: EndpointsOf<typeof devlogContracts> = {
  list: endpoint('get', '/api/projects/:id/updates'),
  create: endpoint('post', '/api/projects/:id/updates'),
  edit: endpoint('patch', '/api/projects/:id/updates/:updateId'),
  remove: endpoint('delete', '/api/projects/:id/updates/:updateId'),
  addressable: endpoint('get', '/api/projects/:id/updates/feedback'),
};

const webhooks: EndpointsOf<typeof webhookContracts> = {
  create: endpoint('post', '/api/webhooks'),
  list: endpoint('get', '/api/webhooks'),
  remove: endpoint('delete', '/api/webhooks/:id'),
  deliveries: endpoint('get', '/api/webhooks/:id/deliveries'),
  redeliver: endpoint('post', '/api/webhooks/:id/deliveries/:deliveryId/redeliver'),
};

/** Every route of the API by area, as the web calls them. */
export const endpoints = {
  admin,
  adminTestRequests,
  auth,
  comments,
  devlogs,
  docs,
  email,
  health,
  integrity,
  messages,
  notifications,
  projects,
  projectHealth,
  stats,
  testRequests,
  tokens,
  userRatings,
  users,
  webhooks,
};
