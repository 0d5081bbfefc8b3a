import { healthContracts } from '@vitrine/domain/contracts/health';
import { databaseAnswers } from '@vitrine/db/sql';
import type { Deps } from '../context';
import { route, type Route } from '../contracts/route';

/** How long PostgreSQL and Redis each get to answer a health check. */
export const HEALTH_CHECK_TIMEOUT_MS = 1000;
/** The 503 message of a failed readiness check. */
export const NOT_READY_MESSAGE = 'Not ready: PostgreSQL or Redis does not answer';

type Status = 'ok' | 'down';

/** 'ok' when `check` answers true within HEALTH_CHECK_TIMEOUT_MS, else 'down' (a late answer is ignored). */
function probe(check: () => Promise<boolean>): Promise<Status> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('down'), HEALTH_CHECK_TIMEOUT_MS);
    check()
      .then(
        (up) => resolve(up ? 'ok' : 'down'),
        () => resolve('down'),
      )
      .finally(() => clearTimeout(timer));
  });
}

/** Asks PostgreSQL (on the priority pool: busy public reads never make it look down) and Redis at once, each with its deadline. */
export async function dependencies(deps: Deps): Promise<{ ok: boolean; database: Status; redis: Status }> {
  const [database, redis] = await Promise.all([
    probe(() => databaseAnswers(deps.prioritySql)),
    probe(async () => deps.redis.status === 'ready' && (await deps.redis.ping()) === 'PONG'),
  ]);
  return { ok: database === 'ok' && redis === 'ok', database, redis };
}

/**
 * Health for load balancers and scripts, mounted before the session (app.ts) so no cookie or store is read:
 * - GET /api/health/live: the process is up and serving (200, no dependency asked);
 * - GET /api/health/ready: PostgreSQL and Redis answer within a second each (200), else 503 `{ message }`;
 * - GET /api/health: the same checks with the status of each (200 or 503).
 */
export const healthRoutes: Route[] = [
  route(healthContracts.live, { access: 'anyone' }, ({ koa }) => {
    koa.set('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  }),
  route(
    healthContracts.ready,
    {
      access: 'anyone',
      errors: { 503: NOT_READY_MESSAGE },
    },
    async ({ deps, koa }) => {
      const { ok, database, redis } = await dependencies(deps);
      koa.set('Cache-Control', 'no-store');
      koa.status = ok ? 200 : 503;
      return ok ? { status: 'ok' as const, database, redis } : { message: NOT_READY_MESSAGE, database, redis };
    },
  ),
  route(healthContracts.health, { access: 'anyone' }, async ({ deps, koa }) => {
    const { ok, database, redis } = await dependencies(deps);
    koa.set('Cache-Control', 'no-store');
    koa.status = ok ? 200 : 503;
    return ok
      ? { status: 'ok' as const, database, redis }
      : { status: 'degraded' as const, message: NOT_READY_MESSAGE, database, redis };
  }),
];
