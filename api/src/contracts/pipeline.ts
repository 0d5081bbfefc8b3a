import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { UserRow } from '@vitrine/db/queries/users';
import type { AppContext, AppContextExtras, AppRouter, AppState } from '../context';
import { forbidden, HttpError, PAUSED_MESSAGE, unauthorized } from '../errors';
import { spend, spendFlood, spendToken } from '../middleware/rate-limit';
import { authorize } from '../policies';
import { answerCall, type RunHandler } from './reads';
import { ADMIN_ACCESS, type Access, type Contract, type Route } from './route';

/** The 403 of a member on an admin route. */
export const ADMIN_ONLY = 'You do not have permission to access this page';

/** The accesses that refuse a paused account. */
const REFUSES_PAUSED: ReadonlySet<Access> = new Set(['unpaused', 'active', 'activeAdmin']);
/** The accesses that need a signed-in user. */
const NEEDS_USER: ReadonlySet<Access> = new Set(['member', 'active', 'admin', 'activeAdmin']);
/** The accesses that need an admin. */
const NEEDS_ADMIN = ADMIN_ACCESS;

/** The 403 of a token on an admin route, whatever its scopes. */
export const TOKEN_NOT_FOR_ADMIN = 'Admin calls cannot be made with an access token';
/** The 403 of a token on a route no scope opens (token management, sign-in, settings...). */
export const TOKEN_NOT_ACCEPTED = 'This call cannot be made with an access token. Sign in on the site instead.';
/** The 403 of a token without the scope the route takes. */
export const missingScope = (scope: string) => `This access token does not have the ${scope} scope`;

/**
 * The guard step: for a call made with a personal access token, the route must take a scope the token
 * has (403 otherwise; admin routes never); then signed in (401), an admin (403, policy `admin.manage`),
 * not paused (403) as the access asks. The session or the token was read before (app.ts: session ->
 * current user), so a token's member is held to the rules of their session.
 */
export function guard(
  contract: Pick<Contract, 'access' | 'loginMessage'> & { tokenScope?: Contract['tokenScope'] },
  user: UserRow | null,
  token?: { scopes: readonly string[] } | null,
): void {
  const { access } = contract;
  if (token) {
    if (NEEDS_ADMIN.has(access)) throw forbidden(TOKEN_NOT_FOR_ADMIN);
    if (!contract.tokenScope) throw forbidden(TOKEN_NOT_ACCEPTED);
    if (!token.scopes.includes(contract.tokenScope)) throw forbidden(missingScope(contract.tokenScope));
  }
  if (NEEDS_USER.has(access) && !user) throw unauthorized(contract.loginMessage);
  if (NEEDS_ADMIN.has(access)) authorize(user, 'admin.manage', null, ADMIN_ONLY);
  if (REFUSES_PAUSED.has(access) && user?.isPaused) throw forbidden(PAUSED_MESSAGE);
}

/**
 * Turns a route into one Koa middleware running the request pipeline in its one order:
 * flood limit -> guard -> validate (params, query, body) -> quota -> handler (load -> authorize -> command) -> present
 * -> share and page (the contract's `sharing` and `paging`, reads.ts: a kept answer, ETag/304, Cache-Control, Link)
 * (outside production, the answer is checked against the contract's response schema: checkAnswer).
 * The session and the current user are read before, for every request (app.ts), so a limit can count by user.
 * - The flood limit (per IP and quota, generous) counts every call of a limited route, refused and malformed ones
 *   too, and its 429 answers before any other: a flood is throttled before it costs a query. It goes to Redis
 *   with the quota's point (limits), so a limited call waits for one round trip, not two.
 * - The guard answers 401/403 before any quota: a paused member is told so, not 429.
 * - The route's quota counts what it limits (projects submitted, reports made, messages sent...): it is
 *   spent after validation, so a typo costs nothing, and given back when the handler fails (a 4xx from
 *   the command, a 409 duplicate...), so only the writes that happen count. A quota that counts attempts
 *   (`limitCounts: 'attempts'`: password changes, confirmation links, where each try is a guess) keeps its point;
 *   one that counts work (`limitCounts: 'work'`: picture uploads, where a refused picture may have cost
 *   seconds of CPU) keeps it for every refusal (4xx) and gives it back only for a failure of ours (5xx).
 * Sign-in throttling counts failed attempts in its command (credential-checker.ts), not here.
 */
export function compose(r: Route): Middleware<AppState, AppContextExtras> {
  const { contract, handler } = r;
  const run: Middleware<AppState, AppContextExtras> = async (ctx) => {
    const c = ctx as AppContext;
    const user = c.state.user;
    const token = c.state.token ?? null;
    const caller = { deps: c.deps, limiters: c.limiters, ip: c.ip, user, reqId: c.state.reqId };
    // Guard and validation are checked first but answered after the flood limit and the token's quota (limits below).
    const limited = contract.limit !== undefined || token !== null;
    let checked: { params: unknown; query: unknown; body: unknown } | undefined;
    let refused: unknown;
    try {
      guard(contract, user, token);
      const rawBody = contract.prefill ? contract.prefill(c.request.body, user) : c.request.body;
      checked = {
        params: contract.params?.parse((ctx as { params?: Record<string, string> }).params ?? {}),
        query: contract.query?.parse(c.query ?? {}),
        body: contract.body?.parse(rawBody ?? {}),
      };
    } catch (err) {
      if (!limited) throw err;
      refused = err;
    }
    const refund = limited ? await limits(c, caller, contract.limit, token?.id ?? null, checked !== undefined) : null;
    if (checked === undefined) throw refused;
    const { params, query, body } = checked;
    // The contract's status first, so a handler may still answer another (health: 503 while degraded).
    c.status = contract.status ?? 200;
    // The handler as `asUser` (a shared read runs it as a visitor would call it), reading with `sql` when given.
    const runHandler: RunHandler = async (asUser, sql) => {
      const deps = sql ? { ...caller.deps, sql } : caller.deps;
      return handler({ ...caller, deps, user: asUser, params, query, body, koa: c } as Parameters<typeof handler>[0]);
    };
    let answer: unknown;
    try {
      answer = await answerCall(c, contract, { params, query }, runHandler);
    } catch (err) {
      if (refund && !keepsPoint(contract.limitCounts ?? 'writes', err)) await refund();
      throw err;
    }
    // Read-your-writes with a replica: this member's public reads go to the primary until it has replayed this write.
    if (user && contract.method !== 'get' && c.deps.reads.replicated) await c.deps.reads.noteWrite(user.id);
    if (answer === undefined) return;
    if (!c.deps.config.production && c.status < 300) checkAnswer(contract, answer);
    c.body = answer;
  };
  return Object.assign(run, { route: r });
}

/**
 * The flood limit (a limited route), the token's quota (a call made with a token: its RateLimit headers
 * are set on the answer) and, for a call the guard and validation let through (`quota`), the route's
 * quota, sent to Redis together (one round trip instead of several in a row). Answered in the
 * pipeline's order: the flood's 429 first, then the token's (a quota point spent alongside is given
 * back), then the caller's guard or validation error, then the quota's 429. Answers the quota's refund
 * (null when none was spent).
 */
async function limits(
  c: AppContext,
  caller: Parameters<typeof spend>[0],
  name: Contract['limit'],
  tokenId: number | null,
  quota: boolean,
): Promise<(() => Promise<void>) | null> {
  const [flood, token, spent] = await Promise.allSettled([
    name ? spendFlood(caller, name) : Promise.resolve(),
    tokenId !== null ? spendToken(caller, tokenId) : Promise.resolve(null),
    name && quota ? spend(caller, name) : Promise.resolve(null),
  ]);
  for (const refusal of [flood, token]) {
    if (refusal.status !== 'rejected') continue;
    if (spent.status === 'fulfilled') await spent.value?.();
    throw refusal.reason;
  }
  if (token.status === 'fulfilled' && token.value) c.set(token.value);
  if (spent.status === 'rejected') throw spent.reason;
  return spent.value;
}

/** Whether a failed handler's error keeps the quota point it spent (ServerParts.limitCounts). */
function keepsPoint(counts: NonNullable<Contract['limitCounts']>, err: unknown): boolean {
  if (counts === 'attempts') return true;
  if (counts === 'work') return err instanceof HttpError && err.status < 500;
  return false;
}

/** A presented answer that does not match its contract's response schema: a bug, answered 500. */
export class AnswerDriftError extends Error {
  constructor(contract: Pick<Contract, 'method' | 'path'>, problem: string) {
    super(`${contract.method.toUpperCase()} ${contract.path} answered outside its response schema: ${problem}`);
    this.name = 'AnswerDriftError';
  }
}

/** The first key of `answer` that the schema's output left out (zod objects strip keys they do not declare), as a path. */
function undeclaredKey(answer: unknown, parsed: unknown, path = '$'): string | null {
  if (Array.isArray(answer) && Array.isArray(parsed)) {
    for (let i = 0; i < answer.length; i++) {
      const found = undeclaredKey(answer[i], parsed[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (!answer || typeof answer !== 'object' || !parsed || typeof parsed !== 'object') return null;
  for (const [key, value] of Object.entries(answer)) {
    if (value === undefined) continue;
    if (!(key in parsed)) return `${path}.${key}`;
    const found = undeclaredKey(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

/**
 * Outside production (`config.production`: NODE_ENV), every success answer is checked against the
 * contract's response schema before it is sent, fields it does not declare included: a presenter that
 * drifts from its contract (domain/src/contracts/) answers 500 and fails the tests. Production skips it.
 */
export function checkAnswer(contract: Pick<Contract, 'method' | 'path' | 'response'>, answer: unknown): void {
  if (!contract.response) return;
  const result = contract.response.safeParse(answer);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AnswerDriftError(contract, `${['$', ...(issue?.path ?? [])].join('.')}: ${issue?.message}`);
  }
  const extra = undeclaredKey(answer, result.data);
  if (extra) throw new AnswerDriftError(contract, `${extra} is not declared`);
}

/** A router mounting `routes` in the given order, each as one composed pipeline. */
export function routerOf(routes: Route[]): AppRouter {
  const router = new Router<AppState, AppContextExtras>();
  for (const r of routes) router[r.contract.method](r.contract.path, compose(r));
  return router;
}

/** The route a composed middleware runs (the OpenAPI test reads it back from the router's layers). */
export function routeOf(middleware: unknown): Route | undefined {
  return (middleware as { route?: Route }).route;
}
