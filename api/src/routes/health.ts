import Router from '@koa/router';
import type { AppState, AppContextExtras } from '../context';

/** GET /api/health: database and Redis status; 503 when either is down. */
export function healthRoutes() {
  const router = new Router<AppState, AppContextExtras>();
  router.get('/api/health', async (ctx) => {
    const [database, redis] = await Promise.all([
      ctx.deps.sql`SELECT 1`.then(() => 'ok', () => 'down'),
      ctx.deps.redis.status === 'ready' ? ctx.deps.redis.ping().then(() => 'ok', () => 'down') : Promise.resolve('down'),
    ]);
    const ok = database === 'ok' && redis === 'ok';
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? 'ok' : 'degraded', database, redis };
  });
  return router;
}
