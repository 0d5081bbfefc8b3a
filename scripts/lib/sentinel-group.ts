/**
 * A Redis replica of a running private Redis and three Sentinels watching them, on 127.0.0.1, for
 * the fault suite's failover scenario (scripts/faults/scenarios.ts). Each process has a directory of
 * its own under `dir`, and a pid file in `dir` (a killed run's leftovers are found by them); `stop`
 * kills them all and may be called after a failed start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { findRedisServer, portAnswers, redisServerArgs } from './services';

/** The name the sentinels know the primary by (REDIS_SENTINEL_NAME). */
export const SENTINEL_MASTER_NAME = 'vitrine';
/** Sentinels that must agree the primary is down (two of three). */
const QUORUM = 2;
/** How long the primary must be silent before a sentinel calls it down. */
const DOWN_AFTER_MS = 5_000;
/** Longest a failover may take before sentinels try another. */
const FAILOVER_TIMEOUT_MS = 30_000;
/** How long a switchover holds the old primary's writes (they wait, then go to the new primary). */
const SWITCHOVER_PAUSE_MS = 10_000;
/** Longest wait for a process or the sentinels' view to settle on a loaded machine. */
const SETTLE_MS = 90_000;

/** The running group. */
export interface SentinelGroup {
  /** `host:port` list for REDIS_SENTINELS. */
  sentinels: string;
  /** The port the sentinels now name as primary. */
  primaryPort(): Promise<number>;
  /**
   * Asks one sentinel to fail over (SENTINEL FAILOVER) and waits until every sentinel names the other
   * server as primary and it answers as one; answers the ports before and after.
   */
  failover(pauseWrites?: boolean): Promise<{ from: number; to: number }>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits (bounded by SETTLE_MS) until `check` holds, else throws naming `what`. */
async function settle(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** A short-lived connection for one command (never retries: a check tries again itself). */
async function ask<T>(port: number, fn: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return await fn(redis);
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts a replica of the Redis on `primaryPort` (on `replicaPort`) and one sentinel on each of
 * `sentinelPorts`, then waits until the sentinels know the replica and each other.
 */
export async function startSentinelGroup(
  dir: string,
  ports: { primary: number; replica: number; sentinels: number[] },
  log: (line: string) => void = () => {},
): Promise<SentinelGroup> {
  const bin = findRedisServer();
  if (!bin) throw new Error('redis-server is not installed');
  for (const port of [ports.replica, ...ports.sentinels])
    if (await portAnswers(port)) throw new Error(`port ${port} is taken: stop what listens there first`);
  const procs: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      procs.splice(0).map((proc) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
        const exited = new Promise((resolve) => proc.once('exit', resolve));
        proc.kill('SIGKILL');
        return exited;
      }),
    );
  };
  try {
    const replicaDir = path.join(dir, 'redis-replica');
    mkdirSync(replicaDir, { recursive: true });
    log(
      `starting a Redis replica (${ports.replica}) and ${ports.sentinels.length} sentinels (${ports.sentinels.join(', ')})`,
    );
    procs.push(
      spawn(
        bin,
        [
          ...redisServerArgs(ports.replica, replicaDir),
          '--replicaof',
          '127.0.0.1',
          String(ports.primary),
          '--pidfile',
          path.join(dir, 'redis-replica.pid'),
        ],
        {
          stdio: 'ignore',
        },
      ),
    );
    await settle('the Redis replica to sync', () =>
      ask(ports.replica, async (r) => /master_link_status:up/.test(await r.info('replication'))),
    );
    for (const port of ports.sentinels) {
      const sentinelDir = path.join(dir, `sentinel-${port}`);
      mkdirSync(sentinelDir, { recursive: true });
      const conf = path.join(sentinelDir, 'sentinel.conf');
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${sentinelDir}`,
          `logfile ${path.join(sentinelDir, 'sentinel.log')}`,
          `pidfile ${path.join(dir, `sentinel-${port}.pid`)}`,
          `sentinel monitor ${SENTINEL_MASTER_NAME} 127.0.0.1 ${ports.primary} ${QUORUM}`,
          `sentinel down-after-milliseconds ${SENTINEL_MASTER_NAME} ${DOWN_AFTER_MS}`,
          `sentinel failover-timeout ${SENTINEL_MASTER_NAME} ${FAILOVER_TIMEOUT_MS}`,
          `sentinel parallel-syncs ${SENTINEL_MASTER_NAME} 1`,
          '',
        ].join('\n'),
      );
      procs.push(spawn(bin, [conf, '--sentinel'], { stdio: 'ignore' }));
    }
    for (const port of ports.sentinels) {
      await settle(`sentinel ${port} to see the replica and the other sentinels`, () =>
        ask(port, async (r) => {
          const replicas = (await r.call('SENTINEL', 'REPLICAS', SENTINEL_MASTER_NAME)) as string[][];
          const others = (await r.call('SENTINEL', 'SENTINELS', SENTINEL_MASTER_NAME)) as string[][];
          return replicas.length === 1 && others.length === ports.sentinels.length - 1;
        }),
      );
    }
  } catch (err) {
    await stop();
    throw err;
  }

  const primaryPort = async (sentinel = ports.sentinels[0]!) =>
    Number(
      (
        (await ask(sentinel, (r) => r.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', SENTINEL_MASTER_NAME))) as string[]
      )[1],
    );
  return {
    sentinels: ports.sentinels.map((port) => `127.0.0.1:${port}`).join(','),
    primaryPort: () => primaryPort(),
    async failover(pauseWrites = false) {
      const from = await primaryPort();
      const to = from === ports.primary ? ports.replica : ports.primary;
      if (pauseWrites) await ask(from, (r) => r.call('CLIENT', 'PAUSE', String(SWITCHOVER_PAUSE_MS), 'WRITE'));
      await ask(ports.sentinels[0]!, (r) => r.call('SENTINEL', 'FAILOVER', SENTINEL_MASTER_NAME));
      await settle('every sentinel to name the new primary', async () => {
        for (const port of ports.sentinels) if ((await primaryPort(port)) !== to) return false;
        return ask(to, async (r) => /role:master/.test(await r.info('replication')));
      });
      return { from, to };
    },
    stop,
  };
}
