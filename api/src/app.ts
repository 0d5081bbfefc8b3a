import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import type { Deps, AppState, AppContextExtras } from './context';
import { errorMiddleware } from './middleware/errors';
import { sessionMiddleware } from './middleware/session';
import { originCheck } from './middleware/origin';
import { securityHeaders } from './middleware/security-headers';
import { createLimiters } from './middleware/rate-limit';
import { loadUser } from './middleware/current-user';
import { routerOf } from './contracts/pipeline';
import { routeGroups } from './routes/all';

/** Request bodies above this are refused with 413. */
const BODY_LIMIT = '64kb';

/**
 * Builds the Koa app (no listen, so tests drive it). Order of every request:
 * errors -> headers -> origin check -> body -> session -> current user -> routes, each route one
 * composed pipeline of its contract (contracts/pipeline.ts: guard -> validate -> limit -> handler).
 * Extra middleware (the static web client) is mounted after the API by the caller.
 */
export function createApp(deps: Deps, options: { log?: (err: unknown) => void } = {}): Koa<AppState, AppContextExtras> {
  const app = new Koa<AppState, AppContextExtras>({ proxy: deps.config.trustProxy });
  app.context.deps = deps;
  app.context.limiters = createLimiters(deps.redis, deps.config);
  app.silent = true;

  app.use(errorMiddleware(options.log));
  app.use(securityHeaders());
  app.use(originCheck(deps.config.allowedOrigins));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMIT, strict: true }));
  app.use(sessionMiddleware(app as unknown as Koa, deps.redis, deps.config));
  app.use(loadUser());

  for (const routes of routeGroups) {
    const router = routerOf(routes);
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
