import type { z } from './zod';
import type { RouteContract } from './contracts/contract';
import { adminContracts } from './contracts/admin';
import { adminTestRequestContracts } from './contracts/admin-test-requests';
import { authContracts } from './contracts/auth';
import { commentContracts } from './contracts/comments';
import { devlogContracts } from './contracts/devlogs';
import { docsContracts } from './contracts/docs';
import { emailContracts } from './contracts/email';
import { healthContracts } from './contracts/health';
import { integrityContracts } from './contracts/integrity';
import { messageContracts } from './contracts/messages';
import { notificationContracts } from './contracts/notifications';
import { projectContracts } from './contracts/projects';
import { projectHealthContracts } from './contracts/project-health';
import { statsContracts } from './contracts/stats';
import { testRequestContracts } from './contracts/test-requests';
import { tokenContracts } from './contracts/tokens';
import { userRatingContracts } from './contracts/user-ratings';
import { userContracts } from './contracts/users';
import { webhookContracts } from './contracts/webhooks';

/**
 * The light route table the web's client calls through (web/src/lib/api.ts): each route's method and
 * path, derived from its contract (domain/src/contracts/), which stays attached as a type only. The
 * web's build evaluates this module and its siblings (endpoints-*.ts) at build time and bundles the
 * table as plain data (web/vite.config.ts `endpointTables`), so the browser carries no schema for it.
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

/** The endpoints of one area: each contract's method and path, the contract attached as a type. */
export function endpointsOf<T extends Record<string, RouteContract>>(contracts: T): EndpointsOf<T> {
  const entries = Object.entries(contracts).map(([name, c]) => [name, { method: c.method, path: c.path }]);
  return Object.fromEntries(entries) as EndpointsOf<T>;
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

/** Every route of the API by area, as the web calls them. */
export const endpoints = {
  admin: endpointsOf(adminContracts),
  adminTestRequests: endpointsOf(adminTestRequestContracts),
  auth: endpointsOf(authContracts),
  comments: endpointsOf(commentContracts),
  devlogs: endpointsOf(devlogContracts),
  docs: endpointsOf(docsContracts),
  email: endpointsOf(emailContracts),
  health: endpointsOf(healthContracts),
  integrity: endpointsOf(integrityContracts),
  messages: endpointsOf(messageContracts),
  notifications: endpointsOf(notificationContracts),
  projects: endpointsOf(projectContracts),
  projectHealth: endpointsOf(projectHealthContracts),
  stats: endpointsOf(statsContracts),
  testRequests: endpointsOf(testRequestContracts),
  tokens: endpointsOf(tokenContracts),
  userRatings: endpointsOf(userRatingContracts),
  users: endpointsOf(userContracts),
  webhooks: endpointsOf(webhookContracts),
};
