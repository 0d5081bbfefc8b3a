import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findRedisServer, initPostgresCluster, pgCtl, portAnswers, redisServerArgs } from '../lib/services';

/** Ports of the bench's own PostgreSQL and Redis (away from the shared ones and the fault suite's). */
const PG_PORT = 54341;
const REDIS_PORT = 63741;
/**
 * The private PostgreSQL's buffer cache: about a tenth of this machine's 24 GiB, as a production server
 * of its size would have (the guide is a quarter). With the 128 MB default, a million projects' rows
 * and their boards' tallies do not stay in memory, and every measure reads the disk.
 */
const SHARED_BUFFERS = '2GB';
/** How long a private server may take to answer. */
const START_WAIT_MS = 15_000;

/** PostgreSQL and Redis of the bench's own, and how to stop them. */
export interface BenchServices {
  /** Admin URL of the PostgreSQL (database `postgres`). */
  adminUrl: string;
  redisUrl: string;
  /** The private PostgreSQL's data directory (its postmaster.pid names the server's process). */
  postgresDir: string;
  /** Restarts the PostgreSQL (its buffer cache starts empty; the system's file cache is left as it is). */
  restartPostgres: () => Promise<void>;
  stop: () => Promise<void>;
}

async function waitFor(port: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < START_WAIT_MS; await new Promise((r) => setTimeout(r, 100))) {
    if (await portAnswers(port)) return true;
  }
  return false;
}

/**
 * Starts a PostgreSQL cluster and a Redis of the bench's own in a temporary directory, from the
 * installed binaries (as the fault suite does), so that what is measured is this code and not the
 * write-ahead log or the commands of whatever else shares the machine's servers. Default settings but
 * shared_buffers, fsync and synchronous commit on, Redis persisted as in production.
 */
export async function startBenchServices(log: (line: string) => void): Promise<BenchServices> {
  for (const port of [PG_PORT, REDIS_PORT])
    if (await portAnswers(port)) throw new Error(`port ${port} is taken: another bench running?`);
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-bench-'));
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres', dir]);
  const cluster = initPostgresCluster(path.join(dir, 'postgres'), PG_PORT, dir, () => {}, 'ignore');
  if (cluster) appendFileSync(path.join(cluster.dir, 'postgresql.conf'), `\nshared_buffers = '${SHARED_BUFFERS}'\n`);
  if (!cluster || !pgCtl(cluster, 'start', [], 'ignore'))
    throw new Error('could not start a private PostgreSQL (initdb and pg_ctl are needed)');
  const redisBin = findRedisServer();
  if (!redisBin) throw new Error('redis-server is not installed');
  const redisDir = path.join(dir, 'redis');
  spawnSync('mkdir', ['-p', redisDir]);
  const redis = spawn(redisBin, redisServerArgs(REDIS_PORT, redisDir), { stdio: 'ignore' });
  if (!(await waitFor(REDIS_PORT))) throw new Error('the private Redis did not start');
  log(`private PostgreSQL on ${PG_PORT} and Redis on ${REDIS_PORT} (in ${dir})`);
  // A bench that dies on the way (a server that did not start, a thrown error) leaves nothing running.
  const onExit = () => {
    pgCtl(cluster, 'stop', ['-m', 'immediate'], 'ignore');
    redis.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`,
    redisUrl: `redis://127.0.0.1:${REDIS_PORT}`,
    postgresDir: cluster.dir,
    async restartPostgres() {
      if (!pgCtl(cluster, 'restart', [], 'ignore') || !(await waitFor(PG_PORT)))
        throw new Error('the private PostgreSQL did not restart');
    },
    async stop() {
      process.off('exit', onExit);
      pgCtl(cluster, 'stop', ['-m', 'fast'], 'ignore');
      const exited = new Promise((resolve) => redis.once('exit', resolve));
      redis.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
