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
import { createServer as createNetServer } from 'node:net';
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
import { makeReplica, replicaControls, type ReplicaControls } from '../lib/replica-pair';
import { SENTINEL_MASTER_NAME, startSentinelGroup, type SentinelGroup } from '../lib/sentinel-group';
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
  /** The streaming replica (with `replica`): the primary's port + 1 when absent. */
  replica?: number;
  /** The Redis replica and the three sentinels (with `sentinel`): the next four ports after Redis's when absent. */
  redisReplica?: number;
  sentinels?: number[];
  /** Each api node's metrics listener (read-routing figures): the ports after the last api port when absent. */
  metrics?: number[];
}

/** What the deployment adds for the scenarios past one machine (scenarios.ts). */
export interface ClusterExtras {
  /** A streaming replica of PostgreSQL, and DATABASE_REPLICA_URL on the api nodes. */
  replica: boolean;
  /** A Redis replica and three sentinels, and REDIS_SENTINELS on the api nodes and the worker. */
  sentinel: boolean;
}

/**
 * The replica's lag bound on the api nodes (DATABASE_REPLICA_MAX_LAG_MS): shorter than the replica-lag
 * scenario's pause, so it shows reads within the bound (read-your-writes at work) and past it.
 */
export const FAULTS_REPLICA_MAX_LAG_MS = 5_000;

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
  /** The streaming replica (ClusterExtras.replica). */
  replica?: ReplicaControls & { url: string };
  /** The Redis replica and sentinels (ClusterExtras.sentinel). */
  sentinel?: SentinelGroup;
  /** Each api node's public reads by target and reason (vitrine_read_routes_total), summed over the nodes. */
  readRoutes(): Promise<Map<string, number>>;
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
    const replica = path.join(dir, 'replica');
    if (existsSync(path.join(replica, 'postmaster.pid'))) {
      const cluster = initPostgresCluster(replica, 0, replica, () => {}, 'ignore');
      if (cluster) pgCtl(cluster, 'stop', ['-m', 'immediate'], 'ignore');
    }
    // Redis, its replica and the sentinels (scripts/lib/sentinel-group.ts) each leave a pid file here.
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.pid') && f !== 'owner.pid')) {
      const pid = Number(readFileSync(path.join(dir, file), 'utf8'));
      if (Number.isSafeInteger(pid) && pid > 0 && processAlive(pid)) process.kill(pid, 'SIGKILL');
    }
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

/** `vitrine_read_routes_total` of the api nodes' metrics listeners, by `target/reason`, summed (a node that does not answer counts 0). */
async function readRoutes(metricsPorts: number[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const port of metricsPorts) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) })
      .then((res) => res.text())
      .catch(() => '');
    for (const m of text.matchAll(/^vitrine_read_routes_total\{target="(\w+)",reason="([\w-]+)"[^}]*\} (\d+)/gm)) {
      const key = `${m[1]}/${m[2]}`;
      totals.set(key, (totals.get(key) ?? 0) + Number(m[3]));
    }
  }
  return totals;
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
/** Fails when a port is taken: the suite would measure (and write to) whatever server answers there. */
async function assertPortsFree(ports: number[]): Promise<void> {
  const taken: number[] = [];
  for (const port of ports) {
    const server = createNetServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (!free) taken.push(port);
  }
  if (taken.length) throw new Error(`port(s) ${taken.join(', ')} already in use: stop what listens there first`);
}

export async function startCluster(
  ports: FaultPorts,
  cleanup: CleanupStack,
  log: (line: string) => void,
  extras: ClusterExtras = { replica: false, sentinel: false },
): Promise<Cluster> {
  removeStaleRuns(log);
  const replicaPort = ports.replica ?? ports.postgres + 1;
  const redisReplicaPort = ports.redisReplica ?? ports.redis + 1;
  const sentinelPorts = ports.sentinels ?? [ports.redis + 2, ports.redis + 3, ports.redis + 4];
  const metricsPorts = ports.metrics ?? ports.api.map((_, i) => Math.max(...ports.api) + 1 + i);
  await assertPortsFree([
    ports.postgres,
    ports.redis,
    ports.smtp,
    ...ports.api,
    ...(extras.replica ? [replicaPort, ...metricsPorts] : []),
    ...(extras.sentinel ? [redisReplicaPort, ...sentinelPorts] : []),
  ]);
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
  let replica: Cluster['replica'];
  if (extras.replica) {
    const made = await makeReplica(postgres.cluster, path.join(dir, 'replica'), replicaPort, log).catch((err) => {
      throw new Error(`${err instanceof Error ? err.message : String(err)} (see ${path.join(dir, 'replica')})`);
    });
    const controls = replicaControls(made);
    cleanup.push('stop the PostgreSQL replica', () => controls.kill());
    replica = { ...controls, url: `postgres://postgres@127.0.0.1:${replicaPort}/postgres` };
  }
  let sentinel: SentinelGroup | undefined;
  if (extras.sentinel) {
    // Registered before it starts: a start that fails half-way still kills what it started.
    const group = startSentinelGroup(
      dir,
      { primary: ports.redis, replica: redisReplicaPort, sentinels: sentinelPorts },
      log,
    );
    cleanup.push('stop the Redis replica and the sentinels', async () => (await group.catch(() => null))?.stop());
    sentinel = await group;
  }

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
    ...(replica
      ? {
          DATABASE_REPLICA_URL: replica.url,
          DATABASE_REPLICA_MAX_LAG_MS: String(FAULTS_REPLICA_MAX_LAG_MS),
          DATABASE_REPLICA_CHECK_MS: '100',
        }
      : {}),
    ...(sentinel ? { REDIS_SENTINELS: sentinel.sentinels, REDIS_SENTINEL_NAME: SENTINEL_MASTER_NAME } : {}),
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
        env: { ...env, PORT: String(ports.api[i]), ...(replica ? { METRICS_PORT: String(metricsPorts[i]) } : {}) },
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
    replica,
    sentinel,
    readRoutes: () => readRoutes(replica ? metricsPorts : []),
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
