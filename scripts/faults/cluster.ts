/**
 * The fault suite's own deployment, on 127.0.0.1 only: a private PostgreSQL cluster and Redis (the
 * binaries `npm start` falls back to, scripts/lib/services.ts), an in-process SMTP server, two api
 * nodes and a worker, each a separate process under the supervisor of `npm start`, which restarts
 * a crashed one. Everything lives in one temporary directory, removed by the cleanup stack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  asPostgres,
  findRedisServer,
  initPostgresCluster,
  pgCtl,
  pgCtlArgs,
  portAnswers,
  redisServerArgs,
  type PrivateCluster,
} from '../lib/services';
import { processAlive, startSupervisor, type ExitInfo, type Supervisor } from '../lib/supervisor';
import type { CleanupStack } from './cleanup';
import { startMailSink, type MailSink } from './mail-sink';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where the logs of the last run are kept (the temporary directory is removed). */
const LOGS_DIR = path.join(ROOT, '.data', 'faults-logs');
/** Temporary directories of the suite start with this (a stale one of a killed run is removed). */
const DIR_PREFIX = 'vitrine-faults-';
/** Bounds of the waits for a server or process to come up. */
const PORT_WAIT_MS = 15_000;
const NODE_READY_WAIT_MS = 120_000;
/** The worker's knobs in the suite: quick mail retries and stalled-job takeover (docs/operations.md). */
/**
 * The public address of the simulated deployment (SITE_URL): what browsers behind the load balancer
 * see, so the clients' Origin (http.ts). Only a name: nothing is ever sent to it.
 */
export const FAULTS_SITE_URL = 'https://vitrine.faults.test';
const WORKER_ENV = {
  WORKER_EMAIL_BACKOFF_MS: '2000',
  WORKER_LOCK_DURATION_MS: '10000',
  WORKER_STALLED_INTERVAL_MS: '5000',
};

/** The ports of one suite run (the full suite and the CI smoke use different ones). */
export interface FaultPorts {
  postgres: number;
  redis: number;
  smtp: number;
  api: number[];
}

/** An api node or the worker: its supervisor name and log file. */
export interface NodeProcess {
  name: string;
  logFile: string;
}

/** A running deployment of the suite. */
export interface Cluster {
  dir: string;
  databaseUrl: string;
  /** The api nodes' base URLs, in the order of `apiNodes`. */
  apiUrls: string[];
  apiNodes: NodeProcess[];
  worker: NodeProcess;
  admin: { username: string; password: string; email: string };
  mail: MailSink;
  supervisor: Supervisor;
  /** Every exit of an api node or the worker, with when it happened. */
  exits: Array<ExitInfo & { at: number }>;
  redis: { kill(): Promise<void>; start(): Promise<void> };
  postgres: { restart(): Promise<boolean> };
  /** The last lines of a process's log. */
  logTail(name: string, lines: number): string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits (bounded) until `check` holds; false when it never did. */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 200,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
}

/** Removes what a suite run killed before its cleanup left behind (its owner.pid is dead). */
function removeStaleRuns(log: (line: string) => void): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = path.join(tmpdir(), name);
    const owner = Number(
      existsSync(path.join(dir, 'owner.pid')) ? readFileSync(path.join(dir, 'owner.pid'), 'utf8') : NaN,
    );
    if (Number.isSafeInteger(owner) && processAlive(owner)) continue;
    log(`removing the leftovers of an interrupted run in ${dir}`);
    const pg = path.join(dir, 'postgres');
    if (existsSync(path.join(pg, 'postmaster.pid'))) {
      const cluster = initPostgresCluster(pg, 0, pg, () => {}, 'ignore');
      if (cluster) pgCtl(cluster, 'stop', ['-m', 'immediate'], 'ignore');
    }
    const redisPid = Number(
      existsSync(path.join(dir, 'redis.pid')) ? readFileSync(path.join(dir, 'redis.pid'), 'utf8') : NaN,
    );
    if (Number.isSafeInteger(redisPid) && processAlive(redisPid)) process.kill(redisPid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** GET /api/health of one node answers 200. */
export async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Starts PostgreSQL in `dir`; answers its cluster and URL. */
async function startPostgres(
  dir: string,
  port: number,
  cleanup: CleanupStack,
): Promise<{ cluster: PrivateCluster; url: string }> {
  const pgDir = path.join(dir, 'postgres');
  const cluster = initPostgresCluster(pgDir, port, pgDir, () => {}, 'ignore');
  if (!cluster) throw new Error('initdb failed or is not installed (PostgreSQL 15+ binaries are needed)');
  if (await portAnswers(port)) throw new Error(`port ${port} is taken: another fault suite run?`);
  if (!pgCtl(cluster, 'start', [], 'ignore'))
    throw new Error(`PostgreSQL did not start; see ${path.join(pgDir, 'server.log')}`);
  cleanup.push('stop PostgreSQL', () => {
    pgCtl(cluster, 'stop', ['-m', 'immediate'], 'ignore');
  });
  return { cluster, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

/** Starts Redis in `dir`, restartable on the same port and data. */
async function startRedis(dir: string, port: number, cleanup: CleanupStack): Promise<Cluster['redis']> {
  const bin = findRedisServer();
  if (!bin) throw new Error('redis-server is not installed');
  if (await portAnswers(port)) throw new Error(`port ${port} is taken: another fault suite run?`);
  let proc: ChildProcess | undefined;
  const redis = {
    async start() {
      proc = spawn(bin, [...redisServerArgs(port, dir), '--pidfile', path.join(dir, 'redis.pid')], { stdio: 'ignore' });
      if (!(await waitUntil(() => portAnswers(port), PORT_WAIT_MS))) throw new Error('Redis did not start');
    },
    async kill() {
      const current = proc;
      proc = undefined;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGKILL');
      await exited;
    },
  };
  await redis.start();
  cleanup.push('stop Redis', () => redis.kill());
  return redis;
}

/** Starts the whole deployment; every piece is registered on `cleanup` as soon as it runs. */
export async function startCluster(
  ports: FaultPorts,
  cleanup: CleanupStack,
  log: (line: string) => void,
): Promise<Cluster> {
  removeStaleRuns(log);
  const dir = mkdtempSync(path.join(tmpdir(), DIR_PREFIX));
  cleanup.push(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  // Runs once everything has stopped, just before the removal: the logs of the last run stay.
  cleanup.push(`keep the logs in ${LOGS_DIR}`, () => {
    rmSync(LOGS_DIR, { recursive: true, force: true });
    mkdirSync(LOGS_DIR, { recursive: true });
    for (const name of readdirSync(dir))
      if (name.endsWith('.log')) copyFileSync(path.join(dir, name), path.join(LOGS_DIR, name));
    const postgresLog = path.join(dir, 'postgres', 'server.log');
    if (existsSync(postgresLog)) copyFileSync(postgresLog, path.join(LOGS_DIR, 'postgres.log'));
  });
  // PostgreSQL runs as the postgres user when we are root: it must reach its directory inside ours.
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'owner.pid'), String(process.pid));

  log(`starting PostgreSQL (${ports.postgres}), Redis (${ports.redis}) and SMTP (${ports.smtp}) in ${dir}`);
  const postgres = await startPostgres(dir, ports.postgres, cleanup);
  const redis = await startRedis(dir, ports.redis, cleanup);
  const mail = await startMailSink(ports.smtp);
  cleanup.push('stop the SMTP server', () => mail.down());

  const admin = {
    username: 'faults_admin',
    password: randomBytes(12).toString('base64url'),
    email: 'admins@faults.test',
  };
  const env = {
    NODE_ENV: 'production',
    SITE_URL: FAULTS_SITE_URL,
    DATABASE_URL: postgres.url,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    REDIS_PREFIX: 'vitrine-faults:',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: '1',
    RATE_LIMIT_MULTIPLIER: '1000000',
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_FROM: 'Vitrine <no-reply@faults.test>',
    ADMIN_EMAIL: admin.email,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO: '0',
    // The readiness check below reads the worker's "running" line, written at info.
    LOG_LEVEL: 'info',
    ...WORKER_ENV,
  };
  const apiNodes = ports.api.map((_, i) => ({ name: `api-${i + 1}`, logFile: path.join(dir, `api-${i + 1}.log`) }));
  const worker = { name: 'worker', logFile: path.join(dir, 'worker.log') };
  const exits: Cluster['exits'] = [];
  const logTail = (name: string, lines: number) => {
    const file = path.join(dir, `${name}.log`);
    return existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '';
  };
  const supervisor = startSupervisor(
    [
      ...apiNodes.map((node, i) => ({
        ...node,
        script: path.join(ROOT, 'api/src/server.ts'),
        env: { ...env, PORT: String(ports.api[i]) },
      })),
      { ...worker, script: path.join(ROOT, 'worker/src/index.ts'), env },
    ],
    {
      initialBackoffMs: 500,
      maxBackoffMs: 5_000,
      graceMs: 5_000,
      log,
      onExit: (info) => {
        exits.push({ ...info, at: Date.now() });
        if (!info.expected) log(`last lines of ${info.name}'s log:\n${logTail(info.name, 15)}`);
      },
    },
  );
  cleanup.push('stop the api nodes and the worker', () => supervisor.stop());

  const apiUrls = ports.api.map((port) => `http://127.0.0.1:${port}`);
  const ready = await waitUntil(
    async () =>
      (await Promise.all(apiUrls.map(healthy))).every(Boolean) && logTail('worker', 50).includes('"msg":"running"'),
    NODE_READY_WAIT_MS,
    500,
  );
  if (!ready)
    throw new Error(
      `the api nodes or the worker did not start; logs in ${dir}\n${apiNodes.map((n) => logTail(n.name, 10)).join('\n')}\n${logTail('worker', 10)}`,
    );

  return {
    dir,
    databaseUrl: postgres.url,
    apiUrls,
    apiNodes,
    worker,
    admin,
    mail,
    supervisor,
    exits,
    redis,
    postgres: {
      restart() {
        const [cmd, args] = asPostgres(postgres.cluster.pgCtl, pgCtlArgs(postgres.cluster, 'restart', ['-m', 'fast']));
        // Asynchronous: the load keeps running in this process while pg_ctl waits.
        return new Promise((resolve) => {
          const proc = spawn(cmd, args, { stdio: 'ignore' });
          proc.once('exit', (code) => resolve(code === 0));
          proc.once('error', () => resolve(false));
        });
      },
    },
    logTail,
  };
}
