import type { z } from 'zod';
import type { UserRow } from '@vitrine/db/queries/users';
import type { AppContext, Caller } from '../context';
import type { LimiterName } from '../middleware/rate-limit';

/**
 * Who may call a route (the pipeline's guard step):
 * - `anyone`: visitors too (reads, logout);
 * - `unpaused`: visitors too, but not a paused member (voting, the view beacon, the contact form);
 * - `member`: signed in, paused or not (401 else): a member's reads;
 * - `active`: signed in and not paused (401 / 403 'Your account is paused'): a member's writes;
 * - `admin`: an admin (401 / 403, policy `admin.manage`): the dashboard's reads;
 * - `activeAdmin`: an admin who is not paused: the dashboard's writes.
 */
export type Access = 'anyone' | 'unpaused' | 'member' | 'active' | 'admin' | 'activeAdmin';

/** The accesses that sign the caller in; their handlers get a user that is never null. */
export type SignedInAccess = Exclude<Access, 'anyone' | 'unpaused'>;

/** The group a route is listed under in the OpenAPI document. */
export type Tag = 'meta' | 'auth' | 'projects' | 'users' | 'messages' | 'admin' | 'test-requests';

/** A zod object for path parameters or a query string (their fields are documented one by one). */
export type ObjectSchema = z.ZodObject;

/**
 * A route's contract (like Logto's koaGuard): everything the pipeline applies before the handler and
 * everything the OpenAPI document says, declared once. Paths are Koa paths (`/api/projects/:id`).
 */
export interface Contract<
  A extends Access = Access,
  P extends ObjectSchema | undefined = ObjectSchema | undefined,
  Q extends ObjectSchema | undefined = ObjectSchema | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | null = z.ZodType | null,
> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  tag: Tag;
  /** One line for the document. */
  summary: string;
  access: A;
  /** The 401 text for a visitor when the access needs a user (default 'You need to be logged in'). */
  loginMessage?: string;
  /**
   * The route's quota: spent after the guard and validation, given back when the handler fails, so it
   * counts the writes it limits (the pipeline, compose in pipeline.ts). Every limited route also spends
   * the per-IP flood limit first, before the guard.
   */
  limit?: LimiterName;
  /** 'attempts' keeps the quota's point when the handler fails: each try is a guess (a current password, a token). Default 'writes'. */
  limitCounts?: 'writes' | 'attempts';
  params?: P;
  query?: Q;
  body?: B;
  /** Fills the body before validation from the caller (a member's contact form takes their profile name and email). */
  prefill?: (body: unknown, user: UserRow | null) => unknown;
  /** The success status (200 unless said). */
  status?: number;
  /** The success answer's schema, or null for an answer without a body (204) or one not described (the document itself). */
  response: R;
  /** Failure answers beyond those the contract implies (400 on input, 401/403 by access, 404 on ids, 429 on limits). */
  errors?: Record<number, string>;
}

/** Parsed output of an optional schema, or undefined. */
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler is given: the caller (typed user), the validated params, query and body, and the Koa context. */
export interface Call<A extends Access, P, Q, B> extends Caller {
  user: A extends SignedInAccess ? UserRow : UserRow | null;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** The Koa context, for what contracts do not cover (the session on sign-in and sign-out). */
  koa: AppContext;
}

/** What a handler answers: the presented response (checked against the contract's schema by the type checker). */
export type Answer<R> = R extends z.ZodType ? z.input<R> : void | undefined;

/** A handler: load -> authorize -> command -> present, given a validated call. */
export type Handler<A extends Access, P, Q, B, R> = (call: Call<A, P, Q, B>) => Promise<Answer<R>> | Answer<R>;

/** A contract with its handler: what the composer mounts and the OpenAPI generator reads. */
export interface Route {
  contract: Contract;
  handler: Handler<Access, ObjectSchema | undefined, ObjectSchema | undefined, z.ZodType | undefined, z.ZodType | null>;
}

/** Declares a route: its contract and its handler, typed from the contract's schemas and access. */
export function route<
  A extends Access,
  P extends ObjectSchema | undefined = undefined,
  Q extends ObjectSchema | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | null = null,
>(contract: Contract<A, P, Q, B, R>, handler: Handler<A, P, Q, B, R>): Route {
  return { contract, handler } as unknown as Route;
}
