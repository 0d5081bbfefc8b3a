/**
 * `npm run build:layout -- DIR [--time-start]`: lays out in DIR exactly what the Docker image's last
 * stage holds (the Dockerfile runs this script, so the two cannot drift): the compiled server
 * (dist/server), the web build (web/dist, web/dist-ssr), the migrations, the package manifests and the
 * production dependencies of the api and the worker alone (`npm ci --omit=dev`: no tsx, vitest,
 * Playwright, Lighthouse, eslint or TypeScript). Run `npm run build` first. It prints the layout's size; with `--time-start` it also
 * starts the api from the layout (`node dist/server/api.js`) and from the TypeScript sources
 * (`node --import tsx api/src/server.ts`), alternately, on a throwaway database, and prints how long
 * each took to answer /api/health/ready (docs/operations.md "The production image").
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../db/src/repo-root';
import { createTestDatabase } from '../db/src/testing';
import { deleteRedisPrefix } from './lib/redis-cleanup';

/** The workspaces whose manifests `npm ci` needs (every one in package.json's `workspaces`). */
const WORKSPACES = ['domain', 'db', 'runtime', 'api', 'worker', 'web', 'scripts/lint'];
/**
 * The workspaces whose production dependencies are installed: the processes that run. Their own
 * workspace dependencies (db, domain, runtime) come with them; the web client's do not, as its build
 * and its server renderer carry what they use (web/vite.config.ts).
 */
const RUNNING = ['api', 'worker'];
/**
 * Packages npm lays out as optional peers of production dependencies that nothing runs: TypeScript (an
 * optional peer of valibot, which @bull-board/api uses) and its native binary. Removed after the install.
 */
const NEVER_RUN = ['typescript', '@typescript'];
/** What the build made, copied as it is. */
const BUILT = ['dist/server', 'web/dist', 'web/dist-ssr', 'db/migrations'];
/** Starts of each kind measured with --time-start. */
const START_RUNS = 5;
/** A start slower than this has failed. */
const START_TIMEOUT_MS = 180_000;

/** Bytes of the files under `dir`. */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Lays the production image's files out in `dir` (emptied first). */
export function layOut(dir: string): void {
  for (const built of BUILT) {
    if (!existsSync(path.join(REPO_ROOT, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of ['package.json', 'package-lock.json', 'patches', ...WORKSPACES.map((w) => `${w}/package.json`)])
    cpSync(path.join(REPO_ROOT, file), path.join(dir, file), { recursive: true });
  const workspaces = RUNNING.flatMap((w) => ['--workspace', w]);
  const install = spawnSync(
    'npm',
    ['ci', '--omit=dev', ...workspaces, '--include-workspace-root', '--no-audit', '--no-fund'],
    { cwd: dir, stdio: 'inherit' },
  );
  if (install.status !== 0) throw new Error(`npm ci --omit=dev failed (${install.status})`);
  for (const name of NEVER_RUN) rmSync(path.join(dir, 'node_modules', name), { recursive: true, force: true });
  for (const built of BUILT) cpSync(path.join(REPO_ROOT, built), path.join(dir, built), { recursive: true });
}

/** Milliseconds from spawning `args` (cwd `cwd`) to a 200 from /api/health/ready on `port`; the process is stopped after. */
async function timeToReady(cwd: string, args: string[], port: number, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    while (performance.now() - started < START_TIMEOUT_MS) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ready) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${args.join(' ')} was not ready within ${START_TIMEOUT_MS} ms`);
  } finally {
    proc.kill('SIGTERM');
    await new Promise((resolve) => proc.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timeStarts(dir: string): Promise<void> {
  const db = await createTestDatabase();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `vitrine-layout:${process.pid}:`;
  const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn', SEED_DEMO: '0' };
  const port = Number(process.env.LAYOUT_PORT ?? 3290);
  try {
    const compiled: number[] = [];
    const sources: number[] = [];
    // Alternately, so a change in the machine's load falls on both.
    for (let run = 0; run < START_RUNS; run++) {
      compiled.push(await timeToReady(dir, ['--enable-source-maps', 'dist/server/api.js'], port, env));
      sources.push(await timeToReady(REPO_ROOT, ['--import', 'tsx', 'api/src/server.ts'], port, env));
    }
    console.log(
      `start to ready, median of ${START_RUNS}: compiled ${Math.round(median(compiled))} ms, TypeScript through tsx ${Math.round(median(sources))} ms`,
    );
  } finally {
    await db.drop();
    await deleteRedisPrefix(redisUrl, prefix);
  }
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'time-start': { type: 'boolean' } } });
const target = path.resolve(positionals[0] ?? path.join(REPO_ROOT, '.data/production-layout'));
layOut(target);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
/** The image before this layout: the whole checkout with every dependency and the builds (less .dockerignore's .git and .data). */
const checkoutBytes =
  folderBytes(REPO_ROOT) -
  ['.git', '.data'].reduce(
    (sum, skip) => sum + (existsSync(path.join(REPO_ROOT, skip)) ? folderBytes(path.join(REPO_ROOT, skip)) : 0),
    0,
  );
console.log(
  `${target}: ${mib(folderBytes(target))} (node_modules ${mib(folderBytes(path.join(target, 'node_modules')))}); ` +
    `the whole checkout with every dependency: ${mib(checkoutBytes)}`,
);
if (values['time-start']) await timeStarts(target);
