/**
 * The site Playwright runs against, started by scripts/e2e/server.ts (which made its database and
 * Redis prefix and removes both once this process is gone): the built site on that database with demo
 * data, a known admin, and the worker. SIGTERM/SIGINT close it.
 */
import { createServer } from 'node:http';
import { createSql } from '../../db/src/sql';
import { seedDemo } from '../../db/src/seed/demo';
import { loadConfig } from '../../runtime/src/config';
import { startApi } from '../../api/src/server';
import { createMediaStore } from '../../api/src/media/storage';
import { demoPictureStorer } from '../../api/src/media/demo-pictures';
import { E2E_ADMIN, E2E_BASE_URL, E2E_HOSTED_PORT, E2E_PORT, E2E_SOCIAL } from './constants';

/** Set by scripts/e2e/server.ts. */
function given(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: start the e2e site with scripts/e2e/server.ts`);
  return value;
}

// A stand-in for a hosted project on loopback (the liveness spec) and a webhook receiver (the webhooks
// spec): /up answers, every other path fails.
const hosted = createServer((req, res) => void res.writeHead(req.url === '/up' ? 200 : 503).end('hosted'));
await new Promise<void>((resolve) => hosted.listen(E2E_HOSTED_PORT, '127.0.0.1', resolve));
const env = {
  ...process.env,
  DATABASE_URL: given('DATABASE_URL'),
  REDIS_URL: given('REDIS_URL'),
  REDIS_PREFIX: given('REDIS_PREFIX'),
  PORT: String(E2E_PORT),
  // The origin Playwright's pages come from (writes and socket handshakes are checked against it).
  SITE_URL: E2E_BASE_URL,
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  ADMIN_EMAIL: 'admin@example.com',
  GITHUB_URL: E2E_SOCIAL.github,
  BLUESKY_URL: E2E_SOCIAL.bluesky,
  RATE_LIMIT_MULTIPLIER: '100',
  TRUST_PROXY: '1',
  // Pictures uploaded by the tests go to a directory of this run's own.
  MEDIA_DIR: given('MEDIA_DIR'),
  // Live checks of the stand-in only: every other address (the demo's *.example ones) is recorded
  // blocked without a lookup, so nothing leaves the machine; one failure makes a project down.
  LIVENESS_ENABLED: '1',
  LIVENESS_ALLOWED_HOSTS: `127.0.0.1:${E2E_HOSTED_PORT}`,
  LIVENESS_ALLOWED_ONLY: '1',
  LIVENESS_FAILURES_TO_DOWN: '1',
  LIVENESS_TIMEOUT_MS: '2000',
  // Webhooks may be sent to the stand-in on loopback; any other address is guarded as in production.
  WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${E2E_HOSTED_PORT}`,
};
Object.assign(process.env, env);
const config = loadConfig(env);

const sql = createSql(env.DATABASE_URL, { max: 2 });
await seedDemo(sql, { storePicture: demoPictureStorer(createMediaStore(config.media)) });
await sql.end();

const api = await startApi(config);
// The worker runs in this process too when it exists, so rankings and live pushes work.
let worker: { close: () => Promise<void> } | undefined;
try {
  const mod = (await import('../../worker/src/index')) as {
    startWorker?: (c: typeof config) => Promise<{ close: () => Promise<void> }>;
  };
  worker = await mod.startWorker?.(config);
} catch (err) {
  console.error('[e2e] worker not started:', err);
}
console.log(`[e2e] serving ${api.url}`);

/** How long the worker and the api may take to close; scripts/e2e/server.ts ends this process after a little more. */
const CLOSE_BOUND_MS = 5_000;
/** `closing`, or nothing once CLOSE_BOUND_MS has passed. */
const bounded = (closing: Promise<unknown> | undefined) =>
  Promise.race([closing?.catch(() => {}), new Promise((resolve) => setTimeout(resolve, CLOSE_BOUND_MS).unref())]);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([bounded(worker?.close()), bounded(api.close())]);
  hosted.close();
  process.exit(0);
}
// `on`, not `once`: Playwright signals the whole group and scripts/e2e/server.ts signals again; a second
// SIGTERM must not kill the process midway through its close.
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
