import type { Middleware } from 'koa';
import type { Sql } from '@vitrine/db/sql';
import { makeDatabaseStatsQueries } from '@vitrine/db/queries/database-stats';
import { Counter, Gauge, Histogram, metricsRegistry } from '@vitrine/runtime/metrics';

/** Buckets of the request duration histogram, in seconds: 5 ms to 10 s. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How long requests took, by method, route pattern (never a raw path) and status. */
export const httpDuration = new Histogram({
  name: 'vitrine_http_request_duration_seconds',
  help: 'Duration of HTTP requests by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: HTTP_BUCKETS,
  registers: [metricsRegistry],
});

let inFlight = 0;
/** Requests being answered now (counted by requestStarted, read on each scrape). */
export const httpInFlight = new Gauge({
  name: 'vitrine_http_requests_in_flight',
  help: 'HTTP requests being answered now.',
  registers: [metricsRegistry],
  collect() {
    this.set(inFlight);
  },
});

/** Lookups of this node's shared reads (api/src/cache/shared-reads.ts): kept (hit) or loaded (miss). */
export const sharedReadLookups = new Counter({
  name: 'vitrine_shared_reads_total',
  help: 'Shared-read cache lookups by result (hit, miss).',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});
/** sharedReadLookups' two series, bound once (a lookup is on every shared read's path). */
export const sharedReadHits = sharedReadLookups.labels('hit');
export const sharedReadMisses = sharedReadLookups.labels('miss');

/**
 * Public reads by where they ran (api/src/read-routing.ts): `replica`, or `primary` with why (`own-write`:
 * the member's write is not replayed yet; `lag`: the replica is behind the bound or not yet checked;
 * `down`: it does not answer or is no longer a replica; `fallback`: it failed this read, rerun on the
 * primary). Counted only when DATABASE_REPLICA_URL is set.
 */
export const readRoutes = new Counter({
  name: 'vitrine_read_routes_total',
  help: 'Public reads with a replica configured, by target (replica, primary) and reason.',
  labelNames: ['target', 'reason'] as const,
  registers: [metricsRegistry],
});

/** The path of the metrics listener; the public app never answers it (docs/security.md). */
export const METRICS_PATH = '/metrics';

/** Answers 404 for METRICS_PATH on the public port (it is no page either): metrics live on METRICS_PORT only. */
export function refuseMetricsPath(): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== METRICS_PATH && !ctx.path.startsWith(`${METRICS_PATH}/`)) return next();
    ctx.status = 404;
    ctx.type = 'text/plain';
    ctx.body = 'Not found';
  };
}

/** Methods HTTP defines; anything else a client sends is one label. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Counts a request in flight until the function it answers is called (once its answer is ready). */
export function requestStarted(): () => void {
  inFlight++;
  return () => {
    inFlight--;
  };
}

/**
 * Counts an answered request in the duration histogram, by method, route pattern (routeLabel, never a
 * raw path) and status (middleware/request-log.ts observeRequests, once the answer is final).
 */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const methodIndex = METHOD_INDEX.get(method) ?? OTHER_METHOD;
  let byRoute = httpSeries.get(route);
  if (byRoute === undefined) {
    byRoute = new Map();
    if (httpSeries.size < MAX_HTTP_ROUTES) httpSeries.set(route, byRoute);
  }
  // Status and method in one number: no key string built per request.
  const key = status * 8 + methodIndex;
  let series = byRoute.get(key);
  if (series === undefined) {
    series = httpDuration.labels(METHOD_LABELS[methodIndex]!, route, String(status));
    byRoute.set(key, series);
  }
  series.observe(seconds);
}

/** The method labels: those HTTP defines, then OTHER for anything else a client sends. */
const METHOD_LABELS = [...METHODS, 'OTHER'];
const METHOD_INDEX = new Map([...METHODS].map((m, i) => [m, i]));
const OTHER_METHOD = METHODS.size;
/**
 * Series of httpDuration bound once per route, status and method (a label object per request was a hot
 * spot). Routes are patterns, so they are few; past the bound, a route's series are bound on each request.
 */
const httpSeries = new Map<string, Map<number, ReturnType<typeof httpDuration.labels>>>();
const MAX_HTTP_ROUTES = 1_000;

let socketsCounted: (() => number) | undefined;
/** Connected Socket.IO clients of this node, read on each scrape. */
new Gauge({
  name: 'vitrine_sockets_connected',
  help: 'Socket.IO clients connected to this api node.',
  registers: [metricsRegistry],
  collect() {
    this.set(socketsCounted?.() ?? 0);
  },
});
/** Tells the sockets gauge how to count this node's clients (realtime/server.ts). */
export function countSocketsWith(count: () => number): void {
  socketsCounted = count;
}

let readiness: (() => Promise<{ ok: boolean; database: string; redis: string }>) | undefined;
/** 1 while the readiness check passes (GET /api/health/ready), by dependency and overall; read on each scrape. */
new Gauge({
  name: 'vitrine_ready',
  help: 'Readiness of this api node (1 ready, 0 not), overall and by dependency (database, redis).',
  labelNames: ['check'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (!readiness) return;
    const now = await readiness();
    this.set({ check: 'all' }, now.ok ? 1 : 0);
    this.set({ check: 'database' }, now.database === 'ok' ? 1 : 0);
    this.set({ check: 'redis' }, now.redis === 'ok' ? 1 : 0);
  },
});
/** Tells the readiness gauge how to check (routes/health.ts dependencies). */
export function measureReadinessWith(check: typeof readiness): void {
  readiness = check;
}

let statsSql: Sql | undefined;
/** Connections to the database by application (pool) and state, read from pg_stat_activity on each scrape. */
new Gauge({
  name: 'vitrine_db_connections',
  help: 'Connections to the database by application_name (pool) and state (active = in use), from pg_stat_activity.',
  labelNames: ['application', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (!statsSql) return;
    const rows = await makeDatabaseStatsQueries(statsSql)
      .connections()
      .catch(() => []);
    for (const row of rows) this.set({ application: row.application, state: row.state }, row.count);
    lockWaits.set(rows.reduce((sum, row) => sum + row.waiting, 0));
  },
});
/** Connections waiting for a lock, updated with vitrine_db_connections. */
const lockWaits = new Gauge({
  name: 'vitrine_db_lock_waits',
  help: 'Connections to the database waiting for a lock, from pg_stat_activity.',
  registers: [metricsRegistry],
});
/** The pool the database gauges read pg_stat_activity through. */
export function measureDatabaseWith(sql: Sql): void {
  statsSql = sql;
}
