/**
 * A private PostgreSQL primary and a streaming replica made from it with `pg_basebackup -R`, on
 * 127.0.0.1, for the read-routing test (tests/system/read-replica.test.ts) and the fault suite's replica
 * scenarios (scripts/faults/replica.ts). Start waits are generous (a loaded machine); `stop` stops
 * both servers and removes their directory, and may be called after a failed start.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { asPostgres, findPgBin, initPostgresCluster, pgCtlArgs, portAnswers, type PrivateCluster } from './services';

/** Longest wait for pg_ctl (start, stop, promote) on a loaded machine, in seconds. */
const PG_CTL_WAIT_S = 120;

/** A running primary and replica. */
export interface ReplicaPair {
  dir: string;
  /** The `database` on each server. */
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica (fast shutdown); reads to it fail until startReplica. */
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Promotes the replica (it stops following the primary and takes writes of its own). */
  promoteReplica(): Promise<void>;
  /** Stops both servers and removes the directory. */
  stop(): Promise<void>;
}

/** Runs a PostgreSQL program as the postgres user (when root) without blocking the event loop; true on exit 0. */
function run(cmd: string, args: string[]): Promise<boolean> {
  const [command, commandArgs] = asPostgres(cmd, args);
  return new Promise((resolve) => {
    const proc = spawn(command, commandArgs, { stdio: 'ignore' });
    proc.once('exit', (code) => resolve(code === 0));
    proc.once('error', () => resolve(false));
  });
}

/** `pg_ctl` on a cluster, waiting up to PG_CTL_WAIT_S. */
function pgCtl(cluster: PrivateCluster, action: 'start' | 'stop', extra: string[] = []): Promise<boolean> {
  return run(cluster.pgCtl, pgCtlArgs(cluster, action, ['-t', String(PG_CTL_WAIT_S), ...extra]));
}

/** Controls of a replica made by makeReplica. */
export interface ReplicaControls {
  /** Fast shutdown; reads to it fail until start. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Ends recovery: it stops following the primary and takes writes of its own. */
  promote(): Promise<void>;
  /** Immediate shutdown, for a cleanup (never throws). */
  kill(): Promise<void>;
}

/**
 * Copies the running private cluster `primary` with `pg_basebackup -R` into `replicaDir` (which must
 * not exist) and starts it as a streaming hot standby on `port`. Throws when a step fails (the caller
 * removes the directory).
 */
export async function makeReplica(
  primary: PrivateCluster,
  replicaDir: string,
  port: number,
  log: (line: string) => void = () => {},
): Promise<PrivateCluster> {
  const basebackup = findPgBin('pg_basebackup');
  if (!basebackup) throw new Error('pg_basebackup is not installed (PostgreSQL 15+ client binaries are needed)');
  if (await portAnswers(port)) throw new Error(`port ${port} is taken: stop what listens there first`);
  mkdirSync(replicaDir, { mode: 0o700 });
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres', replicaDir]);
  log(`copying the primary with pg_basebackup -R into a replica on ${port}`);
  const copied = await run(basebackup, [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  if (!copied || !existsSync(path.join(replicaDir, 'standby.signal'))) throw new Error('pg_basebackup failed');
  const replica = { ...primary, dir: replicaDir, port, socketDir: replicaDir };
  if (!(await pgCtl(replica, 'start')))
    throw new Error(`the replica did not start; see ${path.join(replicaDir, 'server.log')}`);
  return replica;
}

/** Stop, start, promote and kill of a replica cluster. */
export function replicaControls(replica: PrivateCluster): ReplicaControls {
  return {
    async stop() {
      if (!(await pgCtl(replica, 'stop', ['-m', 'fast']))) throw new Error('the replica did not stop');
    },
    async start() {
      if (!(await pgCtl(replica, 'start'))) throw new Error('the replica did not start again');
    },
    async promote() {
      const ok = await run(replica.pgCtl, ['-D', replica.dir, '-w', '-t', String(PG_CTL_WAIT_S), 'promote']);
      if (!ok) throw new Error('pg_ctl promote failed');
    },
    async kill() {
      await pgCtl(replica, 'stop', ['-m', 'immediate']);
    },
  };
}

/**
 * Starts a primary on `ports.primary` with `database` created, then a replica on `ports.replica`
 * from `pg_basebackup -R` (streaming, hot standby). Throws when a binary is missing or a port is taken.
 */
export async function startReplicaPair(
  ports: { primary: number; replica: number },
  database: string,
  log: (line: string) => void = () => {},
): Promise<ReplicaPair> {
  for (const port of [ports.primary, ports.replica])
    if (await portAnswers(port)) throw new Error(`port ${port} is taken: stop what listens there first`);
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-replica-'));
  // PostgreSQL runs as the postgres user when we are root: it must reach its directories inside ours.
  chmodSync(dir, 0o755);
  const started: PrivateCluster[] = [];
  let replica: PrivateCluster;
  const stop = async () => {
    for (const cluster of started.reverse()) await pgCtl(cluster, 'stop', ['-m', 'immediate']);
    started.length = 0;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const primaryDir = path.join(dir, 'primary');
    const primary = initPostgresCluster(primaryDir, ports.primary, primaryDir, () => {}, 'ignore');
    if (!primary) throw new Error('initdb failed or is not installed');
    log(`starting a private primary on ${ports.primary}`);
    if (!(await pgCtl(primary, 'start', ['-o', '-c wal_level=replica -c max_wal_senders=5 -c hot_standby=on'])))
      throw new Error(`the primary did not start; see ${path.join(primaryDir, 'server.log')}`);
    started.push(primary);
    const admin = postgres(`postgres://postgres@127.0.0.1:${ports.primary}/postgres`, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
    } finally {
      await admin.end();
    }

    replica = await makeReplica(primary, path.join(dir, 'replica'), ports.replica, log);
    started.push(replica);
  } catch (err) {
    await stop();
    throw err;
  }
  const controls = replicaControls(replica);
  return {
    dir,
    primaryUrl: `postgres://postgres@127.0.0.1:${ports.primary}/${database}`,
    replicaUrl: `postgres://postgres@127.0.0.1:${ports.replica}/${database}`,
    stopReplica: controls.stop,
    startReplica: controls.start,
    promoteReplica: controls.promote,
    stop,
  };
}
