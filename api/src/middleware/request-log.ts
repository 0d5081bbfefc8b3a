import type { Context, Middleware } from 'koa';
import type { Config, RequestLogSettings } from '@vitrine/runtime/config';
import { withoutRedaction, type Logger } from '@vitrine/runtime/logger';
import { requestIdFrom } from '@vitrine/runtime/request-context';
import { observeRequest, requestStarted } from '../metrics';
import { PRIVATE_CACHE_CONTROL } from '../cache/http';

/** The header a request id comes in (from a trusted proxy) and goes out in. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Route label of a page or file of the web client (no router matched it). */
export const WEB_ROUTE = '(web)';
/** Route label of everything else no router matched (unknown paths, wrong methods): one label for all. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The route a request took, as its pattern (`/api/projects/:id`), never the raw path: bounded
 * cardinality for logs and metrics. Pages and files of the web client are WEB_ROUTE, the rest
 * that no router matched UNMATCHED_ROUTE.
 */
export function routeLabel(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  const page = !ctx.path.startsWith('/api/') && !ctx.path.startsWith('/socket.io/');
  if (page && (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.status < 400) return WEB_ROUTE;
  return UNMATCHED_ROUTE;
}

/** Client errors a working site answers all day (signed out, a gone page, a lost race): not logged at `info`. */
const EXPECTED_CLIENT_ERRORS: ReadonlySet<number> = new Set([401, 404, 409]);

/** Why a request's line is written, and at which level (requestLogLevel). */
export type RequestLogReason = 'error' | 'slow' | 'client-error' | 'sample' | 'every';

/** The level a request's line is written at, and why: the request log's policy (docs/operations.md "Logs"). */
export interface RequestLogChoice {
  level: 'error' | 'warn' | 'info' | 'debug';
  why: RequestLogReason;
}

/**
 * The request log's policy: a 5xx is an `error`; a request slower than `slowMs` a `warn`; a 4xx other
 * than the expected 401, 404 and 409 `info`; a share `sampleRate` of the rest (`random()` below it)
 * `info`, and every other request `debug`. At the default LOG_LEVEL (info) the log thus holds every
 * request that needs a look and a sample of the traffic; at `debug`, every request.
 */
export function requestLogLevel(
  answer: { status: number; durationMs: number },
  policy: RequestLogSettings,
  random: () => number = Math.random,
): RequestLogChoice {
  if (answer.status >= 500) return { level: 'error', why: 'error' };
  if (answer.durationMs > policy.slowMs) return { level: 'warn', why: 'slow' };
  if (answer.status >= 400 && !EXPECTED_CLIENT_ERRORS.has(answer.status)) return { level: 'info', why: 'client-error' };
  if (policy.sampleRate > 0 && random() < policy.sampleRate) return { level: 'info', why: 'sample' };
  return { level: 'debug', why: 'every' };
}

/**
 * The default of every /api answer: PRIVATE_CACHE_CONTROL unless the route set its own (shared reads,
 * health, the API document). Errors are never stored either, whatever the route had set before it
 * failed, nor an answer to a call made with an access token. Without it a signed-in answer (`/api/auth/me` with the email, messages, admin lists) went
 * out with no Cache-Control, which a browser or proxy may store and hand out again. Applied by
 * observeRequests, outside the error middleware, so it sees the final answer.
 */
export function privateApiAnswer(ctx: Context): void {
  if (!ctx.path.startsWith('/api/') && ctx.path !== '/api') return;
  // A call made with an access token is answered for that token (its RateLimit headers), never to be shared.
  const byToken = Boolean((ctx.state as { token?: unknown }).token);
  if (ctx.status >= 400 || byToken || !ctx.response.get('Cache-Control')) {
    ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    ctx.remove('CDN-Cache-Control');
  }
}

/** A request's answer as the request log and the metrics record it. */
export interface AnsweredRequest {
  reqId: string;
  method: string;
  /** Its route label (routeLabel), never the raw path. */
  route: string;
  status: number;
  durationMs: number;
  userId: number | null;
}

/**
 * What records each answered request: counts it in the request metrics (metrics.ts observeRequest) and
 * writes its line when the policy says so (requestLogLevel): method, route pattern, status, duration,
 * the signed-in user's id and why it was written. Never headers or bodies: those fields are all the
 * line has, so it skips the logger's redaction pass (`withoutRedaction`). Shared by observeRequests
 * and the shared reads' front (cache/http.ts), which answers before Koa.
 */
export function requestRecorder(config: Pick<Config, 'requestLog'>, log: Logger): (answer: AnsweredRequest) => void {
  const lines = withoutRedaction(log);
  return (answer) => {
    observeRequest(answer.method, answer.route, answer.status, answer.durationMs / 1000);
    const { level, why } = requestLogLevel(answer, config.requestLog);
    if (!lines.isLevelEnabled(level)) return;
    lines[level](
      {
        reqId: answer.reqId,
        method: answer.method,
        route: answer.route,
        status: answer.status,
        durationMs: Math.round(answer.durationMs * 10) / 10,
        userId: answer.userId,
        why,
      },
      'request',
    );
  };
}

/**
 * The id of a request: its `X-Request-Id` header when the proxy is trusted (as client-address.ts decides
 * for X-Forwarded-For) and the value is fit, else a new one.
 */
export function requestIdOf(config: Pick<Config, 'trustProxy'>, header: string | string[] | undefined): string {
  return requestIdFrom(config.trustProxy && typeof header === 'string' && header !== '' ? header : undefined);
}

/**
 * First of every request Koa answers (the shared reads' front answers before it, cache/http.ts), and one
 * middleware for what each request's answer is observed by: gives it an id (requestIdOf), answers it in
 * the same header, keeps it in `ctx.state.reqId` (routes hand it to the events they commit, and the 500
 * line carries it); once the answer is ready, applies the private cache default of /api answers
 * (privateApiAnswer) and records it (requestRecorder). The id is passed along explicitly, not through an
 * AsyncLocalStorage: on Node 20 that runs a hook on every promise of the process. One middleware rather
 * than one per concern: each layer is a closure and a promise per request (docs/performance.md
 * "Public reads").
 */
export function observeRequests(
  config: Pick<Config, 'trustProxy'>,
  record: (answer: AnsweredRequest) => void,
): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const finished = requestStarted();
    const reqId = requestIdOf(config, ctx.req.headers['x-request-id']);
    ctx.set(REQUEST_ID_HEADER, reqId);
    const state = ctx.state as { user?: { id: number } | null; reqId?: string };
    state.reqId = reqId;
    try {
      await next();
    } finally {
      finished();
      privateApiAnswer(ctx);
      record({
        reqId,
        method: ctx.method,
        route: routeLabel(ctx),
        status: ctx.status,
        durationMs: performance.now() - started,
        userId: state.user?.id ?? null,
      });
    }
  };
}
