import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { loadConfig, loadConfigOrExit, type Config } from '@vitrine/runtime/config';
import { createApp } from './app';
import { createDeps } from './deps';
import { webClient } from './web';
import { migrate } from '@vitrine/db/migrate';
import { ensureAdmin } from './admin-bootstrap';
import { attachRealtime } from './realtime/server';
import { loadRenderer } from './public/page-renderer';
import { createLogger, loggerFor, setRootLogger } from '@vitrine/runtime/logger';
import { collectProcessMetrics, handleErrors, listenOn, serveMetrics } from '@vitrine/runtime/metrics';
import { measureDatabaseWith, measureReadinessWith } from './metrics';
import { dependencies } from './routes/health';

/** A running API node: HTTP, the web client and Socket.IO on one port. */
export interface RunningApi {
  server: Server;
  url: string;
  /** The metrics listener's address (METRICS_PORT), when there is one. */
  metricsUrl: string | null;
  close: () => Promise<void>;
}

/**
 * How long an idle keep-alive connection stays open: longer than the load balancers' own idle
 * timeouts (60 s: nginx's upstream keepalive_timeout, AWS ALB), so it is always the proxy that closes
 * an idle connection. With Node's 5 s default the node closed connections a proxy or client was about
 * to reuse, and the request sent on one at that moment was reset (ECONNRESET, a 502 behind a proxy).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Where a connection keeps the answer it carries now (for the drain to close it after that answer). */
const LATEST_ANSWER = Symbol('latest answer');

/** Longest a drain waits for the requests in flight before it cuts their connections. */
export const DRAIN_TIMEOUT_MS = 10_000;

/** Migrates, makes the first admin, and listens. */
export async function startApi(config: Config = loadConfig()): Promise<RunningApi> {
  const deps = createDeps(config);
  await migrate(deps.sql);
  await ensureAdmin(deps.sql, config);
  const app = createApp(deps);
  // Pages are rendered on the server; their data reads go through the API routes mounted so far.
  app.use(webClient(config, { api: app.callback(), sourceMaps: !config.production }));
  // The server renderer is loaded before the port opens, so the first page is not slowed by its import.
  await loadRenderer();
  const handle = app.callback();
  // While draining, every answer not yet sent closes its connection: a keep-alive client would
  // otherwise go on sending requests on it (a closed server still answers them) until the drain's
  // deadline cut them. The answers in flight when the drain starts are found through the open
  // connections (tracked once per connection, not per request: a Set and a listener per answer cost
  // every request), each holding its latest answer.
  let draining = false;
  const connections = new Set<Socket & { [LATEST_ANSWER]?: ServerResponse }>();
  const closeAfterAnswer = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  const server = createServer((req, res) => {
    if (draining) closeAfterAnswer(res);
    else (req.socket as Socket & { [LATEST_ANSWER]?: ServerResponse })[LATEST_ANSWER] = res;
    return handle(req, res);
  });
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Above the keep-alive timeout, so a connection waiting idle for its next request is never cut as slow headers.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  const realtime = attachRealtime(server, deps);
  await listenOn(server, config.port);
  // A failed accept (EMFILE: out of file descriptors) is counted and logged; the server keeps listening.
  handleErrors(server, 'http');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  collectProcessMetrics('api');
  measureDatabaseWith(deps.prioritySql);
  measureReadinessWith(() => dependencies(deps));
  const metrics = config.metricsPort === null ? null : await serveMetrics(config.metricsHost, config.metricsPort);
  return {
    server,
    url: `http://localhost:${port}`,
    metricsUrl: metrics?.url ?? null,
    async close() {
      // The drain (docs/operations.md "Graceful drain"): stop accepting connections, close idle
      // keep-alive ones and every other one after its answer, send the sockets to another node, let the requests in flight finish (at most
      // DRAIN_TIMEOUT_MS, then their connections are cut), and only then close the pools.
      draining = true;
      for (const socket of connections) {
        const res = socket[LATEST_ANSWER];
        if (res !== undefined && !res.writableEnded) closeAfterAnswer(res);
      }
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      realtime.reconnectElsewhere();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), DRAIN_TIMEOUT_MS);
      });
      if ((await Promise.race([drained, late])) === 'late') {
        loggerFor('api').warn(
          { timeoutMs: DRAIN_TIMEOUT_MS },
          'requests still open after the drain timeout: closing them',
        );
        server.closeAllConnections();
      }
      clearTimeout(timer);
      await metrics?.close();
      await realtime.close();
      await deps.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfigOrExit();
  setRootLogger(createLogger({ service: 'api', level: config.logLevel }));
  const api = await startApi(config);
  loggerFor('api').info({ url: api.url, metrics: api.metricsUrl }, 'listening');
  const stop = async () => {
    loggerFor('api').info('draining: no new connections, finishing the requests in flight');
    await api.close();
    loggerFor('api').info('drained');
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
