import { databaseAnswers } from '@vitrine/db/sql';
import { answers } from '../contracts/answers';
import { route, type Route } from '../contracts/route';

/** GET /api/health: database and Redis status; 503 when either is down. */
export const healthRoutes: Route[] = [
  route(
    { method: 'get', path: '/api/health', tag: 'meta', summary: 'Database and Redis status', access: 'anyone', response: answers.Health, errors: { 503: 'Database or Redis is down' } },
    async ({ deps, koa }) => {
      const [database, redis] = await Promise.all([
        databaseAnswers(deps.sql).then((up) => (up ? ('ok' as const) : ('down' as const))),
        deps.redis.status === 'ready' ? deps.redis.ping().then(() => 'ok' as const, () => 'down' as const) : Promise.resolve('down' as const),
      ]);
      const ok = database === 'ok' && redis === 'ok';
      koa.status = ok ? 200 : 503;
      return { status: ok ? ('ok' as const) : ('degraded' as const), database, redis };
    },
  ),
];
