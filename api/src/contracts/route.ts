import type { z } from 'zod';
import type { UserRow } from '@vitrine/db/queries/users';
import type { AppContext, Caller } from '../context';
import type { LimiterName } from '../middleware/rate-limit';
import type { Method, ObjectSchema, Paging, RouteContract, Tag } from '@vitrine/domain/contracts/contract';
import type { Page } from '@vitrine/domain/schemas/paging';
import type { TokenScope } from '@vitrine/domain/tokens';

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

export type { ObjectSchema, Tag };

/**
 * What the API attaches to a route's public contract (domain/src/contracts/): who may call it and its
 * quota, applied by the pipeline before the handler and listed in the OpenAPI document as x-access and
 * x-rate-limit.
 */
export interface ServerParts<A extends Access = Access> {
  access: A;
  /** The 401 text for a visitor when the access needs a user (default 'You need to be logged in'). */
  loginMessage?: string;
  /**
   * The route's quota: spent after the guard and validation, given back when the handler fails, so it
   * counts the writes it limits (the pipeline, compose in pipeline.ts). Every limited route also spends
   * the per-IP flood limit first, before the guard.
   */
  limit?: LimiterName;
  /**
   * When a failed handler keeps the quota's point. 'writes' (default): never, only writes that happen
   * count. 'attempts': always, each try is a guess (a current password, a token). 'work': when the
   * request was refused (any 4xx), since each try may cost us CPU (a picture decoded); only a failure of
   * ours (a 5xx: the store or the database down, a full processing queue) gives the point back.
   */
  limitCounts?: 'writes' | 'attempts' | 'work';
  /** Fills the body before validation from the caller (a member's contact form takes their profile name and email). */
  prefill?: (body: unknown, user: UserRow | null) => unknown;
  /** Refusals whose exact text the server owns (api/src/errors.ts), laid over the contract's `errors` in the document. */
  errors?: Record<number, string>;
  /**
   * The scope a personal access token needs to call the route (`Authorization: Bearer`, docs/api.md
   * "Access tokens"), or null when no token may call it. Unset, a GET that a member may call takes
   * `read` and any other route none; an admin route never takes one (route() refuses to declare it).
   * The `/api/webhooks...` routes declare `webhooks`.
   */
  tokenScope?: TokenScope | null;
}

/**
 * What makes a shared read's answer stale (runtime/src/stale-reads.ts tags), from the answer (a paged
 * list's rows) and the call: required of a route its contract shares (`public` or `visitor`), whose
 * answer is kept until a change announces one of its tags (api/src/cache/http.ts announceStale).
 */
export type StaleOn<A = never, C = never> = (answer: A, call: C) => readonly string[];

/** A route as the pipeline and the OpenAPI generator read it: the public contract with the server's parts (its token scope resolved). */
export type Contract = RouteContract &
  ServerParts & { tokenScope: TokenScope | null; staleOn?: StaleOn<unknown, { params: unknown; query: unknown }> };

/** The accesses of the admin dashboard, which no token reaches. */
export const ADMIN_ACCESS: ReadonlySet<Access> = new Set(['admin', 'activeAdmin']);

/** The token scope of a route: its declared one, else `read` for a GET a member may call, else none (ServerParts.tokenScope). */
function tokenScopeOf(method: Method, path: string, server: ServerParts): TokenScope | null {
  if (ADMIN_ACCESS.has(server.access)) {
    if (server.tokenScope) throw new Error(`${method.toUpperCase()} ${path}: an admin route cannot take a token scope`);
    return null;
  }
  if (server.tokenScope !== undefined) return server.tokenScope;
  return method === 'get' ? 'read' : null;
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

/** What the body of a success answer is: the presented response (checked against the contract's schema by the type checker). */
export type Body<R> = R extends z.ZodType ? z.input<R> : void | undefined;

/** What a handler answers: the body, or for a paged list (the contract's `paging`) one page of its rows. */
export type Answer<R, G = undefined> = G extends Paging
  ? Body<R> extends ReadonlyArray<infer Row>
    ? Page<Row>
    : never
  : Body<R>;

/** A handler: load -> authorize -> command -> present, given a validated call. */
export type Handler<A extends Access, P, Q, B, R, G = undefined> = (
  call: Call<A, P, Q, B>,
) => Promise<Answer<R, G>> | Answer<R, G>;

/** A contract with its handler: what the composer mounts and the OpenAPI generator reads. */
export interface Route {
  contract: Contract;
  handler: Handler<
    Access,
    ObjectSchema | undefined,
    ObjectSchema | undefined,
    z.ZodType | undefined,
    z.ZodType | null,
    Paging | undefined
  >;
}

/**
 * Declares a route: its public contract (domain/src/contracts/), the server's parts and its handler,
 * typed from the contract's schemas and the access. A read the contract shares names what makes its
 * answer stale (`staleOn`, given the body: a paged list's rows).
 */
export function route<
  A extends Access,
  M extends Method,
  Path extends string,
  P extends ObjectSchema | undefined,
  Q extends ObjectSchema | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType | null,
  G extends Paging | undefined,
>(
  contract: RouteContract<M, Path, P, Q, B, R, G>,
  server: ServerParts<A> & { staleOn?: StaleOn<Body<R>, { params: Out<P>; query: Out<Q> }> },
  handler: Handler<A, P, Q, B, R, G>,
): Route {
  const errors = { ...contract.errors, ...server.errors };
  const tokenScope = tokenScopeOf(contract.method, contract.path, server);
  const shared = contract.sharing === 'public' || contract.sharing === 'visitor';
  if (shared !== (server.staleOn !== undefined)) {
    throw new Error(
      `${contract.method.toUpperCase()} ${contract.path}: a shared read, and only one, says what makes it stale`,
    );
  }
  return { contract: { ...contract, ...server, errors, tokenScope }, handler } as unknown as Route;
}
