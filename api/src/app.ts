import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import compress from 'koa-compress';
import type { Deps, AppState, AppContextExtras } from './context';
import { errorMiddleware } from './middleware/errors';
import { sessionMiddleware } from './middleware/session';
import { originCheck } from './middleware/origin';
import { securityHeaders } from './middleware/security-headers';
import { createLimiters } from './middleware/rate-limit';
import { loadUser } from './middleware/current-user';
import { koaProxyOptions } from './client-address';
import { routerOf } from './contracts/pipeline';
import { routeGroups } from './routes/all';
import { healthRoutes } from './routes/health';
import { crawlRoutes } from './routes/crawl';
import { cardsRoutes } from './routes/cards';
import { outboundRoutes } from './routes/outbound';
import { unsubscribePageRoutes } from './routes/unsubscribe-page';
import { mediaFileRoutes } from './routes/media-files';
import { COMPRESS_THRESHOLD_BYTES } from './cache/http';
import { sharedReadsFront, type Front } from './cache/front';
import { observeRequests, requestRecorder } from './middleware/request-log';
import { refuseMetricsPath } from './metrics';
import { badgeRoutes } from './routes/badges';
import { queueBoard } from './queue-board';
import { loggerFor, type Logger } from '@vitrine/runtime/logger';
import { handleErrors } from '@vitrine/runtime/metrics';

/** Codes of a stream body cut because the client closed its connection before the end. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const clientWentAway = (err: unknown) => CLIENT_GONE.has(String((err as { code?: unknown } | null)?.code));

/** Request bodies above this are refused with 413. */
const BODY_LIMIT = '64kb';

/** What the request handler answers once the front answered (Koa's handler answers a promise too). */
const ANSWERED = Promise.resolve();

/**
 * The API's Koa app, whose request handler (`callback()`, what a server, a test or the page renderer
 * calls) first asks the shared reads' front (cache/http.ts sharedReadsFront), and creates a Koa
 * context only for what the front leaves: a kept shared read costs no context, middleware or promise.
 */
class ApiApp extends Koa<AppState, AppContextExtras> {
  front: Front | null = null;

  override callback(): ReturnType<Koa['callback']> {
    const handle = super.callback();
    const front = this.front;
    if (front === null) return handle;
    return (req, res) => (front(req as IncomingMessage, res as ServerResponse) ? ANSWERED : handle(req, res));
  }
}

/**
 * Builds the Koa app (no listen, so tests drive it). Order of every request: shared reads kept for
 * this URL, answered before Koa (cache/http.ts sharedReadsFront: their own request id, security headers
 * and compression, recorded in the metrics and log like the rest) -> request id, metrics, log line and
 * private cache default of /api answers (middleware/request-log.ts observeRequests) -> no /metrics -> errors -> headers -> compression -> health -> picture files and badges -> origin check -> body -> session ->
 * current user -> routes, each route
 * one composed pipeline of its contract (contracts/pipeline.ts: flood limit -> guard -> validate -> quota -> handler),
 * then the public files outside /api (feeds, sitemaps, robots.txt, share cards).
 * Health comes before the session so a probe never reads a cookie, Redis or the users table.
 * Extra middleware (the static web client) is mounted after the API by the caller.
 */
export function createApp(
  deps: Deps,
  options: { log?: (err: unknown) => void; logger?: Logger } = {},
): Koa<AppState, AppContextExtras> {
  const app = new ApiApp(koaProxyOptions(deps.config));
  app.context.deps = deps;
  app.context.limiters = createLimiters(deps.redis, deps.config);
  app.silent = true;
  // What Koa meets after the answer started (a stream body failing mid-way) comes as the app's 'error'
  // events: counted and logged, the answer is cut. A client that went away before the end is no failure.
  handleErrors(app, 'http-response', { ignore: clientWentAway });

  const logger = options.logger ?? loggerFor('http');
  const record = requestRecorder(deps.config, logger);
  // A shared read kept for this URL is answered before Koa runs at all (cache/http.ts).
  app.front = sharedReadsFront(deps.sharedReads, deps.config, record);
  // Outermost: the request id covers everything after it, and the log line sees the final status.
  app.use(observeRequests(deps.config, record));
  app.use(refuseMetricsPath());
  app.use(errorMiddleware(options.log ?? ((err, reqId) => logger.error({ err, reqId }, 'unexpected error (500)'))));
  app.use(securityHeaders(deps.config));
  // Brotli or gzip by Accept-Encoding for compressible answers; precompressed static files already
  // carry Content-Encoding, which koa-compress leaves alone.
  app.use(compress({ threshold: COMPRESS_THRESHOLD_BYTES }));
  const health = routerOf(healthRoutes);
  app.use(health.routes());
  app.use(health.allowedMethods());
  // Pictures' files (routes/media-files.ts) are public and immutable: no origin check, session or user.
  const mediaFiles = mediaFileRoutes();
  app.use(mediaFiles.routes());
  app.use(mediaFiles.allowedMethods());
  // Badges (routes/badges.ts) are images on other sites, the same for everyone: no origin check,
  // session or user, so no cookie is read or set; they answer from a snapshot, not the database.
  const badges = badgeRoutes();
  app.use(badges.routes());
  app.use(badges.allowedMethods());
  app.use(originCheck(deps.config));
  // A "__proto__" key is dropped (co-body's onProtoPoisoning, passed on by koa-bodyparser), never set
  // on an object: the rest of the body is then validated like any other, so its answer is the
  // schema's first message instead of a bare "Bad request".
  const bodyOptions: bodyParser.Options & { onProtoPoisoning: 'remove' } = {
    enableTypes: ['json'],
    jsonLimit: BODY_LIMIT,
    strict: true,
    onProtoPoisoning: 'remove',
  };
  app.use(bodyParser(bodyOptions));
  app.use(sessionMiddleware(app as unknown as Koa, deps.redis, deps.config));
  app.use(loadUser());
  // Bull Board for admins (queue-board.ts): after the user is known, before the API routers.
  app.use(queueBoard(deps));

  for (const routes of routeGroups) {
    if (routes === healthRoutes) continue;
    const router = routerOf(routes);
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  // The public files outside /api answer XML or PNG, not JSON, so they are plain routers, not contracts;
  // so is the outbound link (/go/:id), a redirect, and the unsubscribe page of mails (a page without script).
  for (const router of [crawlRoutes(), cardsRoutes(), outboundRoutes(), unsubscribePageRoutes()]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
