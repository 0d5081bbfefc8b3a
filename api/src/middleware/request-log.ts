import type { Context, Middleware } from 'koa';
import type { Config } from '@vitrine/runtime/config';
import { withoutRedaction, type Logger } from '@vitrine/runtime/logger';
import { requestIdFrom } from '@vitrine/runtime/request-context';

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

/**
 * First of every request: gives it an id (the `X-Request-Id` header when the proxy is trusted, as
 * client-address.ts decides for X-Forwarded-For; else a new one), answers it in the same header,
 * keeps it in `ctx.state.reqId` (routes hand it to the events they commit, and the 500 line carries
 * it), and logs one line when the answer is ready: method, route pattern, status, duration and the
 * signed-in user's id. Never headers or bodies: those fields are all the line has, so it skips the
 * logger's redaction pass (`withoutRedaction`), a quarter of a shared read's throughput. The id is passed along explicitly, not through an
 * AsyncLocalStorage: on Node 20 that runs a hook on every promise of the process, a sixth of a shared
 * read's throughput (docs/performance.md).
 */
export function requestLog(config: Pick<Config, 'trustProxy'>, log: Logger): Middleware {
  const lines = withoutRedaction(log);
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const reqId = requestIdFrom(config.trustProxy ? ctx.get(REQUEST_ID_HEADER) || undefined : undefined);
    ctx.set(REQUEST_ID_HEADER, reqId);
    const state = ctx.state as { user?: { id: number } | null; reqId?: string };
    state.reqId = reqId;
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const fields = {
        reqId,
        method: ctx.method,
        route: routeLabel(ctx),
        status: ctx.status,
        durationMs: Math.round(durationMs * 10) / 10,
        userId: state.user?.id ?? null,
      };
      if (ctx.status >= 500) lines.error(fields, 'request');
      else lines.info(fields, 'request');
    }
  };
}
