/**
 * `npm start`: one command runs the whole site on this machine. It finds (or starts) PostgreSQL and
 * Redis, migrates, makes the first admin, seeds demo data into an empty database, builds the web
 * client if there is no build, then supervises the API (web + /api + Socket.IO on one port) and one
 * worker as child processes: a crashed one is restarted with backoff, neither outlives this process,
 * and SIGTERM or Ctrl-C stops both within 10 s (scripts/lib/supervisor.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServices, portAnswers } from './lib/services';
import { onParentGone } from './lib/parent-watch';
import { startSupervisor } from './lib/supervisor';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = path.join(root, '.data');
mkdirSync(dataDir, { recursive: true });
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const { databaseUrl, redisUrl } = await ensureServices(dataDir);
process.env.DATABASE_URL = databaseUrl;
process.env.REDIS_URL = redisUrl;

// A local run gets an admin even when none is configured: 'admin' with a password made once and kept in .data/.
let adminNote = `as ${process.env.ADMIN_USERNAME} (password from ADMIN_PASSWORD)`;
let generatedNow = false;
if (!process.env.ADMIN_USERNAME || !process.env.ADMIN_PASSWORD) {
  const file = path.join(dataDir, 'admin-password');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(9).toString('base64url'), { mode: 0o600 });
    generatedNow = true;
  }
  process.env.ADMIN_USERNAME = 'admin';
  process.env.ADMIN_PASSWORD = readFileSync(file, 'utf8').trim();
  adminNote = `as admin / ${process.env.ADMIN_PASSWORD} (kept in .data/admin-password)`;
}

// A local run is served at http://localhost:PORT: that is its SITE_URL (links, and the origin writes
// must come from) unless .env names one; the same port on 127.0.0.1 may write too.
if (!process.env.SITE_URL?.trim()) {
  const port = process.env.PORT?.trim() || '3000';
  process.env.SITE_URL = `http://localhost:${port}`;
  if (!process.env.ALLOWED_ORIGINS?.trim()) process.env.ALLOWED_ORIGINS = `http://127.0.0.1:${port}`;
}

const { loadConfigOrExit } = await import('../runtime/src/config');
const { createLogger } = await import('../runtime/src/logger');
const { createSql } = await import('../db/src/sql');
const { migrate } = await import('../db/src/migrate');
const { seedDemo } = await import('../db/src/seed/demo');
const { createMediaStore } = await import('../api/src/media/storage');
const { demoPictureStorer } = await import('../api/src/media/demo-pictures');
const config = loadConfigOrExit();
const log = createLogger({ service: 'start', level: config.logLevel });

const { ensureAdmin } = await import('../api/src/admin-bootstrap');
const sql = createSql(config.databaseUrl, { max: 2 });
await migrate(sql);
// An admin made by an earlier run (whose .data/ is gone) keeps the password it was given then.
if ((await ensureAdmin(sql, config)) !== 'created' && generatedNow) {
  adminNote = `as admin with the password it was given when this database was first started (the new one in .data/admin-password does not apply; set ADMIN_USERNAME / ADMIN_PASSWORD to use another admin)`;
}
// The demo's pictures go to the store the api serves them from (MEDIA_DIR or the S3 bucket).
if (config.seedDemo && (await seedDemo(sql, { storePicture: demoPictureStorer(createMediaStore(config.media)) })))
  log.info("Seeded demo data (every demo user's password is in README.md, Quick start)");
await sql.end();

if (!existsSync(path.join(root, 'web/dist/index.html'))) {
  log.info('Building the web client (first run)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** How long the banner waits for the api to listen (it migrates first). */
const API_START_WAIT_MS = 60_000;

const supervisor = startSupervisor([
  { name: 'api', script: path.join(root, 'api/src/server.ts') },
  { name: 'worker', script: path.join(root, 'worker/src/index.ts') },
]);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  log.info('Stopping the api and the worker...');
  await supervisor.stop();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop());
// npm does not always pass its SIGTERM on (its `sh -c` dies first): stop when our launcher is gone.
onParentGone(process.ppid, () => void stop());

const apiUrl = `http://localhost:${config.port}`;
const deadline = Date.now() + API_START_WAIT_MS;
while (!stopping && Date.now() < deadline && !(await portAnswers(config.port)))
  await new Promise((resolve) => setTimeout(resolve, 200));
if (!stopping) {
  log.info({ url: apiUrl, api: supervisor.pid('api'), worker: supervisor.pid('worker') }, 'Vitrine is running');
  // The banner is for the person at the terminal, not a log line: it names the admin's password.
  process.stdout.write(`
  Vitrine is running at ${apiUrl}
  Sign in ${adminNote}
  API ${apiUrl}/api/health · api pid ${supervisor.pid('api') ?? '(starting)'} · worker pid ${supervisor.pid('worker') ?? '(starting)'}
  A crashed api or worker is restarted; Ctrl-C stops both.
`);
}
