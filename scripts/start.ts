/**
 * `npm start` (through scripts/start.mjs, which builds first when the build is missing or stale): one
 * command runs the whole site on this machine, in production mode unless NODE_ENV says otherwise. It
 * finds (or starts) PostgreSQL and Redis, migrates, makes the first admin, seeds demo data into an
 * empty database, then supervises the API (web + /api + Socket.IO on one port) and one worker as child
 * processes: a crashed one is restarted with backoff, neither outlives this process, and SIGTERM or
 * Ctrl-C stops both within 10 s (scripts/lib/supervisor.ts). Compiled (dist/server/start.js) it runs
 * the compiled api and worker beside it; from TypeScript (`tsx scripts/start.ts`) their sources.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../db/src/repo-root';
import { ensureServices, portAnswers } from './lib/services';
import { onParentGone } from './lib/parent-watch';
import { startSupervisor } from './lib/supervisor';

const root = REPO_ROOT;
const dataDir = path.join(root, '.data');
mkdirSync(dataDir, { recursive: true });
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

/** A value made once for this machine and kept in .data/ (mode 0600); `generatedNow` when made by this run. */
function keptSecret(name: string, bytes: number): { value: string; generatedNow: boolean } {
  const file = path.join(dataDir, name);
  const generatedNow = !existsSync(file);
  if (generatedNow) writeFileSync(file, randomBytes(bytes).toString('base64url'), { mode: 0o600 });
  return { value: readFileSync(file, 'utf8').trim(), generatedNow };
}

// What runs is what production runs: the compiled build with NODE_ENV=production, so it needs a
// session secret of its own, made once and kept in .data/session-secret unless SESSION_SECRET is set.
process.env.NODE_ENV ??= 'production';
if (!process.env.SESSION_SECRET?.trim()) process.env.SESSION_SECRET = keptSecret('session-secret', 32).value;

const { databaseUrl, redisUrl } = await ensureServices(dataDir);
process.env.DATABASE_URL = databaseUrl;
process.env.REDIS_URL = redisUrl;

// A local run gets an admin even when none is configured: 'admin' with a password made once and kept in .data/.
let adminNote = `as ${process.env.ADMIN_USERNAME} (password from ADMIN_PASSWORD)`;
let generatedNow = false;
if (!process.env.ADMIN_USERNAME || !process.env.ADMIN_PASSWORD) {
  const password = keptSecret('admin-password', 9);
  generatedNow = password.generatedNow;
  process.env.ADMIN_USERNAME = 'admin';
  process.env.ADMIN_PASSWORD = password.value;
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

if (!existsSync(path.join(root, 'web/dist/index.html')))
  log.warn('The web client is not built (npm run build): every page is the bare shell the client renders');

/** How long the banner waits for the api to listen (it migrates first). */
const API_START_WAIT_MS = 60_000;

/** Compiled, the api and the worker are the modules beside this one; from sources, their entry points. */
const compiled = !import.meta.url.endsWith('.ts');
const here = path.dirname(fileURLToPath(import.meta.url));
const supervisor = startSupervisor([
  { name: 'api', script: compiled ? path.join(here, 'api.js') : path.join(root, 'api/src/server.ts') },
  { name: 'worker', script: compiled ? path.join(here, 'worker.js') : path.join(root, 'worker/src/index.ts') },
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
