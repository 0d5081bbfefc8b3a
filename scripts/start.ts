/**
 * `npm start`: one command runs the whole site on this machine. It finds (or starts) PostgreSQL and
 * Redis, migrates, makes the first admin, seeds demo data into an empty database, builds the web
 * client if there is no build, then runs the API (web + /api + Socket.IO on one port) and one worker.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServices } from './lib/services';

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

const { loadConfigOrExit } = await import('../runtime/src/config');
const { createSql } = await import('../db/src/sql');
const { migrate } = await import('../db/src/migrate');
const { seedDemo, DEMO_PASSWORD } = await import('../db/src/seed/demo');
const config = loadConfigOrExit();

const { ensureAdmin } = await import('../api/src/admin-bootstrap');
const sql = createSql(config.databaseUrl, { max: 2 });
await migrate(sql);
// An admin made by an earlier run (whose .data/ is gone) keeps the password it was given then.
if ((await ensureAdmin(sql, config)) !== 'created' && generatedNow) {
  adminNote = `as admin with the password it was given when this database was first started (the new one in .data/admin-password does not apply; set ADMIN_USERNAME / ADMIN_PASSWORD to use another admin)`;
}
if (config.seedDemo && (await seedDemo(sql))) console.log(`Seeded demo data (every demo user's password is "${DEMO_PASSWORD}").`);
await sql.end();

if (!existsSync(path.join(root, 'web/dist/index.html'))) {
  console.log('Building the web client (first run)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { startApi } = await import('../api/src/server');
const api = await startApi(config);
const worker = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'worker/src/index.ts')], { stdio: 'inherit', env: process.env });

console.log(`
  Vitrine is running at ${api.url.replace('localhost', 'localhost')}
  Sign in ${adminNote}
  API ${api.url}/api/health · worker pid ${worker.pid}
`);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  worker.kill('SIGTERM');
  await api.close();
  process.exit(code);
}
worker.once('exit', (code) => {
  if (!stopping) {
    console.error(`The worker stopped (exit ${code}); stopping.`);
    void stop(1);
  }
});
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
