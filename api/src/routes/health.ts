import Router from '@koa/router';
import type { AppState, AppContextExtras, Deps } from '../context';

/** How long PostgreSQL and Redis each get to answer a health check. */
export const HEALTH_CHECK_TIMEOUT_MS = 1000;
/** The 503 message of a failed readiness check. */
export const NOT_READY_MESSAGE = 'Not ready: PostgreSQL or Redis does not answer';

type Status = 'ok' | 'down';

/** 'ok' when `check` settles successfully within HEALTH_CHECK_TIMEOUT_MS, else 'down' (a late answer is ignored). */
function probe(check: () => Promise<unknown>): Promise<Status> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('down'), HEALTH_CHECK_TIMEOUT_MS);
    check().then(
      () => resolve('ok'),
      () => resolve('down'),
    ).finally(() => clearTimeout(timer));
  });
}

/** Asks PostgreSQL and Redis at once, each with its deadline. */
async function dependencies(deps: Deps): Promise<{ ok: boolean; database: Status; redis: Status }> {
  const [database, redis] = await Promise.all([
    probe(() => deps.sql`SELECT 1`.execute()),
    probe(() => (deps.redis.status === 'ready' ? deps.redis.ping() : Promise.reject(new Error(deps.redis.status)))),
  ]);
  return { ok: database === 'ok' && redis === 'ok', database, redis };
}

/**
 * Health for load balancers and scripts, mounted before the session so no cookie or store is read:
 * - GET /api/health/live: the process is up and serving (200, no dependency asked);
 * - GET /api/health/ready: PostgreSQL and Redis answer within a second each (200), else 503 `{ message }`;
 * - GET /api/health: the same checks with the status of each (200 or 503), as before.
 */
export function healthRoutes() {
  const router = new Router<AppState, AppContextExtras>();
  router.get('/api/health/live', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/api/health/ready', async (ctx) => {
    const { ok, database, redis } = await dependencies(ctx.deps);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ok ? 200 : 503;
    ctx.body = ok ? { status: 'ok', database, redis } : { message: NOT_READY_MESSAGE, database, redis };
  });
  router.get('/api/health', async (ctx) => {
    const { ok, database, redis } = await dependencies(ctx.deps);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ok ? 200 : 503;
    ctx.body = ok ? { status: 'ok', database, redis } : { status: 'degraded', message: NOT_READY_MESSAGE, database, redis };
  });
  return router;
}
