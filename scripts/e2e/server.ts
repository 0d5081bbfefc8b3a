/**
 * The server Playwright runs against: the built site on a throwaway database with demo data, its own
 * Redis key prefix, a known admin, and the worker; everything is removed again on SIGTERM/SIGINT.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { deleteRedisPrefix } from '../lib/redis-cleanup';
import { createTestDatabase } from '../../db/src/testing';
import { createSql } from '../../db/src/sql';
import { seedDemo } from '../../db/src/seed/demo';
import { loadConfig } from '../../runtime/src/config';
import { startApi } from '../../api/src/server';
import { createMediaStore } from '../../api/src/media/storage';
import { demoPictureStorer } from '../../api/src/media/demo-pictures';
import { E2E_ADMIN, E2E_BASE_URL, E2E_HOSTED_PORT, E2E_PORT, E2E_SOCIAL } from './constants';

// E2E_DB_PREFIX (or E2E_DATABASE) and E2E_REDIS_PREFIX keep runs beside each other on a shared machine
// apart (a random part follows each).
const db = await createTestDatabase(process.env.E2E_DB_PREFIX ?? process.env.E2E_DATABASE ?? 'vitrine_e2e');
// A stand-in for a hosted project on loopback (the liveness spec): /up answers, every other path fails.
const hosted = createServer((req, res) => void res.writeHead(req.url === '/up' ? 200 : 503).end('hosted'));
await new Promise<void>((resolve) => hosted.listen(E2E_HOSTED_PORT, '127.0.0.1', resolve));
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `${process.env.E2E_REDIS_PREFIX ?? 'vitrine-e2e:'}${randomBytes(4).toString('hex')}:`;
const env = {
  ...process.env,
  DATABASE_URL: db.url,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: redisPrefix,
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
  MEDIA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-e2e-media-')),
  // Live checks of the stand-in only: every other address (the demo's *.example ones) is recorded
  // blocked without a lookup, so nothing leaves the machine; one failure makes a project down.
  LIVENESS_ENABLED: '1',
  LIVENESS_ALLOWED_HOSTS: `127.0.0.1:${E2E_HOSTED_PORT}`,
  LIVENESS_ALLOWED_ONLY: '1',
  LIVENESS_FAILURES_TO_DOWN: '1',
  LIVENESS_TIMEOUT_MS: '2000',
};
Object.assign(process.env, env);
const config = loadConfig(env);

const sql = createSql(db.url, { max: 2 });
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
console.log(`[e2e] serving ${api.url} on database ${db.name}`);

/** How long the worker and the api may take to close before the database and keys are removed anyway. */
const CLOSE_BOUND_MS = 5_000;
/** `closing`, or nothing once CLOSE_BOUND_MS has passed: cleaning up must never wait for it. */
const bounded = (closing: Promise<unknown> | undefined) =>
  Promise.race([closing?.catch(() => {}), new Promise((resolve) => setTimeout(resolve, CLOSE_BOUND_MS).unref())]);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([bounded(worker?.close()), bounded(api.close())]);
  hosted.close();
  await db.drop().catch((err) => console.error(err));
  await deleteRedisPrefix(redisUrl, redisPrefix);
  rmSync(env.MEDIA_DIR, { recursive: true, force: true });
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
