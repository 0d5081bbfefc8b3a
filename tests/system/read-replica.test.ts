import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createSql, type Sql } from '@vitrine/db/sql';
import { startReplicaPair, type ReplicaPair } from '../../scripts/lib/replica-pair';
import { deleteRedisPrefix } from '../../scripts/lib/redis-cleanup';
import { primaryOnlyReads, replicatedReads, type ReadRouter } from '@vitrine/api/read-routing';

/** Ports of this test's private primary and replica (the fault suite uses 5701 and 5702). */
const PORTS = { primary: 5703, replica: 5704 };
/** The replica checks of these routers: often, so the test moves on quickly. */
const CHECK_MS = 20;
/** A bound no pause in this test reaches, where only read-your-writes is under test. */
const GENEROUS_LAG_MS = 120_000;
/** A bound a paused replay passes quickly, for the lag rule. */
const TIGHT_LAG_MS = 300;
/** Longest wait for a routing change to show (a loaded machine). */
const SETTLE_MS = 60_000;

let pair: ReplicaPair;
let primary: Sql;
let replica: Sql;
let redis: Redis;
const prefix = `vitrine-test-reads-${randomBytes(4).toString('hex')}:`;
const routers: ReadRouter[] = [];

/** Which server ran the read: its port. */
const whereRan = (router: ReadRouter, reader: number | null = null) =>
  router.run(async (sql) => (await sql<[{ port: number }]>`SELECT inet_server_port() AS port`)[0].port, { reader });

/** Waits until `router` sends the read of `reader` to `port` (the replica is checked lazily, every CHECK_MS). */
async function settlesOn(router: ReadRouter, port: number, reader: number | null = null) {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    if ((await whereRan(router, reader)) === port) return;
    if (Date.now() > deadline) throw new Error(`reads of ${reader} never went to ${port}`);
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS));
  }
}

/** A router over this test's pair, with its own replica pool. */
function router(maxLagMs: number): ReadRouter {
  const made = replicatedReads({
    primary,
    replica: createSql(pair.replicaUrl, { max: 2 }),
    redis,
    prefix,
    settings: { maxLagMs, checkMs: CHECK_MS },
  });
  routers.push(made);
  return made;
}

/** A write on the primary, so its WAL position moves past what a paused replica has replayed. */
const write = () => primary`INSERT INTO marks DEFAULT VALUES`;

beforeAll(async () => {
  pair = await startReplicaPair(PORTS, 'vitrine_reads');
  primary = createSql(pair.primaryUrl, { max: 3 });
  replica = createSql(pair.replicaUrl, { max: 1 });
  await primary`CREATE TABLE marks (id serial PRIMARY KEY)`;
  redis = new Redis(inject('redisUrl'));
}, 180_000);

afterAll(async () => {
  for (const r of routers) await r.close();
  await primary?.end();
  await replica?.end();
  if (redis) {
    await deleteRedisPrefix(inject('redisUrl'), prefix);
    redis.disconnect();
  }
  await pair?.stop();
}, 180_000);

describe('read routing without a replica', () => {
  it('runs every read on the primary and records no writes', async () => {
    const reads = primaryOnlyReads(primary);
    expect(await whereRan(reads, 1)).toBe(PORTS.primary);
    await reads.noteWrite(1);
    expect(await reads.hasPendingWrite(1)).toBe(false);
  });
});

describe('read routing with a streaming replica', () => {
  it('sends a visitor to the replica once it is checked, and a member there when they have not written', async () => {
    const reads = router(GENEROUS_LAG_MS);
    await settlesOn(reads, PORTS.replica);
    expect(await whereRan(reads, 7001)).toBe(PORTS.replica);
  });

  it('sends a member who just wrote to the primary until the replica has replayed the write', async () => {
    const reads = router(GENEROUS_LAG_MS);
    await settlesOn(reads, PORTS.replica);
    await replica`SELECT pg_wal_replay_pause()`;
    try {
      await write();
      await reads.noteWrite(7002);
      expect(await reads.hasPendingWrite(7002)).toBe(true);
      expect(await whereRan(reads, 7002)).toBe(PORTS.primary);
      // Others keep the replica: it is within the (generous) bound.
      expect(await whereRan(reads, null)).toBe(PORTS.replica);
      expect(await whereRan(reads, 7003)).toBe(PORTS.replica);
    } finally {
      await replica`SELECT pg_wal_replay_resume()`;
    }
    await settlesOn(reads, PORTS.replica, 7002);
    expect(await reads.hasPendingWrite(7002)).toBe(false);
  });

  it('sends every read to the primary while the replica lags past the bound', async () => {
    const reads = router(TIGHT_LAG_MS);
    await settlesOn(reads, PORTS.replica);
    await replica`SELECT pg_wal_replay_pause()`;
    try {
      await write();
      await settlesOn(reads, PORTS.primary);
    } finally {
      await replica`SELECT pg_wal_replay_resume()`;
    }
    await settlesOn(reads, PORTS.replica);
  });

  it('tells how recent an answer is: a replica behind a write answers from before it', async () => {
    const reads = router(GENEROUS_LAG_MS);
    await settlesOn(reads, PORTS.replica);
    const port = async (sql: Sql) => (await sql<[{ port: number }]>`SELECT inet_server_port() AS port`)[0].port;
    await replica`SELECT pg_wal_replay_pause()`;
    let since: number;
    try {
      await write();
      since = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 3 * CHECK_MS));
      const behind = await reads.track(port);
      expect(behind.value).toBe(PORTS.replica);
      expect(behind.upTo).toBeLessThan(since);
    } finally {
      await replica`SELECT pg_wal_replay_resume()`;
    }
    const deadline = Date.now() + SETTLE_MS;
    for (;;) {
      const answer = await reads.track(port);
      if (answer.value === PORTS.replica && answer.upTo >= since) break;
      if (Date.now() > deadline) throw new Error('the replica never caught up with the write');
      await new Promise((resolve) => setTimeout(resolve, CHECK_MS));
    }
    expect((await reads.track(port)).upTo).toBeGreaterThanOrEqual(since);
  });

  it('falls back to the primary, without an error, while the replica is stopped', async () => {
    const reads = router(GENEROUS_LAG_MS);
    await settlesOn(reads, PORTS.replica);
    await pair.stopReplica();
    try {
      // The first read may still pick the replica (last check): it fails there and is rerun on the primary.
      for (let i = 0; i < 5; i++) expect(await whereRan(reads, null)).toBe(PORTS.primary);
    } finally {
      await pair.startReplica();
    }
    await settlesOn(reads, PORTS.replica);
  }, 180_000);

  it('stops using a replica that was promoted (it no longer follows the primary)', async () => {
    const reads = router(GENEROUS_LAG_MS);
    await settlesOn(reads, PORTS.replica);
    await pair.promoteReplica();
    await settlesOn(reads, PORTS.primary);
    await new Promise((resolve) => setTimeout(resolve, 3 * CHECK_MS));
    for (let i = 0; i < 5; i++) expect(await whereRan(reads, null)).toBe(PORTS.primary);
  }, 180_000);
});
