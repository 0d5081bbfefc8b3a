import { createServer, type Server } from 'node:http';
import { loadConfig, loadConfigOrExit, type Config } from '@vitrine/runtime/config';
import { createApp } from './app';
import { createDeps } from './deps';
import { webClient } from './web';
import { migrate } from '@vitrine/db/migrate';
import { ensureAdmin } from './admin-bootstrap';
import { attachRealtime } from './realtime/server';
import { loadRenderer } from './public/page-renderer';
import { createLogger, loggerFor, setRootLogger } from '@vitrine/runtime/logger';
import { collectProcessMetrics, serveMetrics } from '@vitrine/runtime/metrics';
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
  const server = createServer(app.callback());
  const realtime = attachRealtime(server, deps);
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
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
      // keep-alive ones, send the sockets to another node, let the requests in flight finish (at most
      // DRAIN_TIMEOUT_MS, then their connections are cut), and only then close the pools.
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
