/**
 * What people start is what is tested: the README's `npm start` (the real supervisor, the compiled
 * build, production mode, a fresh database) and the compiled build as the Docker image runs it
 * (`node dist/server/api.js` and `node dist/server/worker.js`), each crawled over every public route
 * (tests/system/lib/crawl.ts). Any 5xx, any answer that never came, or any exit of the api or the
 * worker fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '@vitrine/db/repo-root';
import { createSql } from '@vitrine/db/sql';
import { createTestDatabase } from '@vitrine/db/testing';
import { seedDemo } from '@vitrine/db/seed/demo';
import { freePort } from '@vitrine/worker/testing';
import { deleteRedisPrefix } from '../../scripts/lib/redis-cleanup';
import { crawlSite } from './lib/crawl';

/** A start that builds first (a stale build) on a loaded machine stays within this. */
const START_TIMEOUT_MS = 240_000;

/** This process's environment without what vitest sets, so the site starts as a person's shell starts it. */
function personEnvironment(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_ENV' || key.startsWith('VITEST') || key === 'TEST') continue;
    env[key] = value;
  }
  return { ...env, LOG_LEVEL: 'warn', ...extra };
}

/** A started process whose whole output is kept. */
function started(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const proc = spawn(command, args, { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, output: () => output, exited };
}

/** Waits until `ready` holds, failing with the output so far when `timeoutMs` passes or the process ends. */
async function waitUntil(what: string, ready: () => Promise<boolean> | boolean, run: ReturnType<typeof started>) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let ended = false;
  void run.exited.then(() => (ended = true));
  while (!(await ready())) {
    if (ended || Date.now() > deadline) throw new Error(`${what} did not start:\n${run.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Stops a process group: SIGTERM, then SIGKILL if it is still there after 15 s. */
async function stopGroup(proc: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (proc.exitCode !== null || proc.pid === undefined) return;
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-proc.pid!, sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const late = await Promise.race([exited.then(() => false), new Promise((r) => setTimeout(() => r(true), 15_000))]);
  if (late) signal('SIGKILL');
}

/** The command line of a running process, or null when it is gone. */
function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
}

const answers = async (url: string) =>
  fetch(url).then(
    (res) => res.ok,
    () => false,
  );

/** One database and Redis prefix for a start, removed afterwards. */
async function freshSite() {
  const db = await createTestDatabase('vitrine_start');
  const redisUrl = inject('redisUrl');
  const prefix = `vitrine-start:${randomBytes(4).toString('hex')}:`;
  const port = await freePort();
  return {
    db,
    redisUrl,
    prefix,
    port,
    origin: `http://localhost:${port}`,
    async drop() {
      await db.drop();
      await deleteRedisPrefix(redisUrl, prefix);
    },
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("the README's npm start", () => {
  it('answers every public route without a 5xx, and neither the api nor the worker restarts', async () => {
    const site = await freshSite();
    cleanups.push(site.drop);
    const run = started(
      'npm',
      ['start'],
      personEnvironment({
        DATABASE_URL: site.db.url,
        REDIS_URL: site.redisUrl,
        REDIS_PREFIX: site.prefix,
        PORT: String(site.port),
      }),
    );
    cleanups.push(() => stopGroup(run.proc, run.exited));
    await waitUntil('npm start', () => /Vitrine is running at/.test(run.output()), run);
    await waitUntil('the api', () => answers(`${site.origin}/api/health/ready`), run);
    const banner = /api pid (\d+) · worker pid (\d+)/.exec(run.output());
    expect(banner, run.output()).not.toBeNull();
    const [api, worker] = [Number(banner![1]), Number(banner![2])];
    expect(commandLine(api)).toContain('dist/server/api.js');
    expect(commandLine(worker)).toContain('dist/server/worker.js');

    const { answers: got, failures } = await crawlSite(site.origin);
    expect(failures, run.output().slice(-4000)).toEqual([]);
    expect(got.filter((a) => a.path.startsWith('/projects/') && a.status === 200).length).toBeGreaterThan(10);
    expect(got.some((a) => a.path.startsWith('/cards/projects/') && a.status === 200)).toBe(true);
    expect(got.some((a) => /^\/sitemaps\/projects-\d+\.xml$/.test(a.path) && a.status === 200)).toBe(true);

    // The same processes answer at the end: nothing crashed and restarted along the way.
    expect(commandLine(api)).toContain('dist/server/api.js');
    expect(commandLine(worker)).toContain('dist/server/worker.js');
    expect(run.output()).not.toMatch(/exited \(/);
  }, 480_000);
});

describe('the compiled build as the Docker image runs it', () => {
  it('answers every public route without a 5xx, and neither process exits', async () => {
    const build = spawnSync('npm', ['run', 'build:server'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const site = await freshSite();
    cleanups.push(site.drop);
    const sql = createSql(site.db.url, { max: 2 });
    await seedDemo(sql);
    await sql.end();
    const env = personEnvironment({
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      SITE_URL: site.origin,
      DATABASE_URL: site.db.url,
      REDIS_URL: site.redisUrl,
      REDIS_PREFIX: site.prefix,
      PORT: String(site.port),
    });
    const serverDir = path.join(REPO_ROOT, 'dist/server');
    const api = started(process.execPath, ['--enable-source-maps', path.join(serverDir, 'api.js')], env);
    const worker = started(process.execPath, ['--enable-source-maps', path.join(serverDir, 'worker.js')], env);
    cleanups.push(
      () => stopGroup(api.proc, api.exited),
      () => stopGroup(worker.proc, worker.exited),
    );
    await waitUntil('the compiled api', () => answers(`${site.origin}/api/health/ready`), api);

    const { answers: got, failures } = await crawlSite(site.origin);
    expect(failures, api.output().slice(-4000)).toEqual([]);
    expect(got.filter((a) => a.path.startsWith('/projects/') && a.status === 200).length).toBeGreaterThan(10);
    expect(api.proc.exitCode, api.output().slice(-4000)).toBeNull();
    expect(worker.proc.exitCode, worker.output().slice(-4000)).toBeNull();
  }, 480_000);
});
