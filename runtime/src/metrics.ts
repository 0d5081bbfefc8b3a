import type { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { loggerFor } from './logger';

/**
 * This process's Prometheus metrics (docs/operations.md "Metrics" lists every series). Each process
 * (api, worker) has its one registry; the series below are those both write, the others are defined
 * beside what they measure (api/src/metrics.ts, worker/src/metrics.ts). Served only by serveMetrics,
 * on a port of its own, never on the public one.
 */
export const metricsRegistry = new Registry();

let defaultsOn = false;
/** The process series (CPU, memory, handles, GC, event-loop lag) under the `vitrine_` prefix; once per process. */
export function collectProcessMetrics(service: string): void {
  if (defaultsOn) return;
  defaultsOn = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'vitrine_', eventLoopMonitoringPrecision: 20 });
}

/** Errors reported by a Redis connection (each one, not only the first of an outage). */
export const redisErrors = new Counter({
  name: 'vitrine_redis_errors_total',
  help: 'Errors reported by Redis connections, by connection name.',
  labelNames: ['connection'] as const,
  registers: [metricsRegistry],
});

/** `error` events of the emitters this process owns, by source (handleErrors). */
export const emitterErrors = new Counter({
  name: 'vitrine_emitter_errors_total',
  help: 'Error events of the emitters this process owns (servers, Redis connections, queues, workers, mail transport), by source.',
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

/** A source logs its first error at once, then at most one line per this long; every error is counted. */
export const EMITTER_LOG_EVERY_MS = 60_000;

/**
 * The one way this process handles `error` on an emitter it owns (docs/operations.md "Failures"):
 * count it in vitrine_emitter_errors_total{source}, log it (by default the first error of the source,
 * then at most one line per EMITTER_LOG_EVERY_MS with how many were not logged; or `report` does),
 * and go on. `ignore` names the errors that are no failure (neither counted nor logged).
 * An emitter with no `error` listener throws the error where it is emitted, which ends the process;
 * the owner's own recovery (a reconnect, a retry, a server that keeps listening) is the degraded mode.
 * `source` is one of a fixed set of names (a label), never anything a client sent.
 */
export function handleErrors(
  emitter: Pick<EventEmitter, 'on'>,
  source: string,
  options: { report?: (err: unknown) => void; ignore?: (err: unknown) => boolean } = {},
): void {
  let loggedAt = -Infinity;
  let unlogged = 0;
  emitter.on('error', (err: unknown) => {
    if (options.ignore?.(err)) return;
    emitterErrors.inc({ source });
    if (options.report) return options.report(err);
    const now = performance.now();
    if (now - loggedAt < EMITTER_LOG_EVERY_MS) {
      unlogged += 1;
      return;
    }
    loggerFor('emitter').error({ source, err, unlogged }, 'error event: counted, the process goes on');
    loggedAt = now;
    unlogged = 0;
  });
}

/** Statements PostgreSQL cancelled at statement_timeout (SQLSTATE 57014). */
export const statementTimeouts = new Counter({
  name: 'vitrine_statement_timeouts_total',
  help: 'Statements cancelled by statement_timeout (SQLSTATE 57014).',
  registers: [metricsRegistry],
});

/** Counts an error if it is a statement timeout; answers whether it was. */
export function countStatementTimeout(err: unknown): boolean {
  const timedOut = (err as { code?: unknown } | null)?.code === '57014';
  if (timedOut) statementTimeouts.inc();
  return timedOut;
}

export { Counter, Gauge, Histogram };

/** A running metrics listener. */
export interface MetricsServer {
  server: Server;
  /** http://host:port/metrics */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` (and nothing else: 404) on `host:port`, a listener of its own: loopback by
 * default (METRICS_HOST), so only a scraper on the machine (or one the operator lets in) reads it.
 */
export async function serveMetrics(
  host: string,
  port: number,
  registry: Registry = metricsRegistry,
): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (err: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(err)),
    );
  });
  await listenOn(server, port, host);
  handleErrors(server, 'metrics');
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${shown}:${address.port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Listens `server` on `port` (and `host`): rejects with the listen error (a port taken is a failed
 * start), resolves once listening. Errors after that are the caller's to handle (handleErrors).
 */
export async function listenOn(server: Server, port: number, host?: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
