import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { UserRow } from '@vitrine/db/queries/users';
import type { AppContext, AppContextExtras, AppRouter, AppState } from '../context';
import { forbidden, PAUSED_MESSAGE, unauthorized } from '../errors';
import { spend } from '../middleware/rate-limit';
import { authorize } from '../policies';
import type { Access, Contract, Route } from './route';

/** The 403 of a member on an admin route. */
export const ADMIN_ONLY = 'You do not have permission to access this page';

/** The accesses that refuse a paused account. */
const REFUSES_PAUSED: ReadonlySet<Access> = new Set(['unpaused', 'active', 'activeAdmin']);
/** The accesses that need a signed-in user. */
const NEEDS_USER: ReadonlySet<Access> = new Set(['member', 'active', 'admin', 'activeAdmin']);
/** The accesses that need an admin. */
const NEEDS_ADMIN: ReadonlySet<Access> = new Set(['admin', 'activeAdmin']);

/**
 * The guard step: signed in (401), an admin (403, policy `admin.manage`), not paused (403) as the
 * access asks. The session was read before (app.ts: session -> current user).
 */
export function guard(contract: Pick<Contract, 'access' | 'loginMessage'>, user: UserRow | null): void {
  const { access } = contract;
  if (NEEDS_USER.has(access) && !user) throw unauthorized(contract.loginMessage);
  if (NEEDS_ADMIN.has(access)) authorize(user, 'admin.manage', null, ADMIN_ONLY);
  if (REFUSES_PAUSED.has(access) && user?.isPaused) throw forbidden(PAUSED_MESSAGE);
}

/**
 * Turns a route into one Koa middleware running the request pipeline in its one order:
 * guard -> validate (params, query, body) -> limit -> handler (load -> authorize -> command) -> present.
 * The session and the current user come first, for every request (app.ts). The limit runs after
 * validation, so malformed input never spends a point, and it can count by the validated user.
 */
export function compose(r: Route): Middleware<AppState, AppContextExtras> {
  const { contract, handler } = r;
  const run: Middleware<AppState, AppContextExtras> = async (ctx) => {
    const c = ctx as AppContext;
    const user = c.state.user;
    guard(contract, user);
    const params = contract.params?.parse((ctx as { params?: Record<string, string> }).params ?? {});
    const query = contract.query?.parse(c.query ?? {});
    const rawBody = contract.prefill ? contract.prefill(c.request.body, user) : c.request.body;
    const body = contract.body?.parse(rawBody ?? {});
    const caller = { deps: c.deps, limiters: c.limiters, ip: c.ip, user };
    if (contract.limit) await spend(caller, contract.limit);
    // The contract's status first, so a handler may still answer another (health: 503 while degraded).
    c.status = contract.status ?? 200;
    const answer = await handler({ ...caller, params, query, body, koa: c } as Parameters<typeof handler>[0]);
    if (answer !== undefined) c.body = answer;
  };
  return Object.assign(run, { route: r });
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
