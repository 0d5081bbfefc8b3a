import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { openRedis } from '@vitrine/runtime/redis';
import { findRedisServer, portAnswers, redisServerArgs } from '../../scripts/lib/services';
import { SENTINEL_MASTER_NAME, startSentinelGroup, type SentinelGroup } from '../../scripts/lib/sentinel-group';

/** This test's Redis primary; its replica and sentinels take the next four ports. */
const PRIMARY_PORT = 6711;
/** Longest wait for a start or a switchover on a loaded machine. */
const SETTLE_MS = 120_000;

let dir: string;
let primary: ChildProcess | undefined;
let group: SentinelGroup | undefined;
const connections: Redis[] = [];

/** The deployment's settings under Sentinel (REDIS_URL's host is not used). */
const config = () => ({
  redisUrl: 'redis://unused.example:6379',
  redisSentinel: {
    sentinels: [2, 3, 4].map((n) => ({ host: '127.0.0.1', port: PRIMARY_PORT + n })),
    name: SENTINEL_MASTER_NAME,
  },
});

beforeAll(async () => {
  const bin = findRedisServer();
  if (!bin) throw new Error('redis-server is not installed');
  dir = mkdtempSync(path.join(tmpdir(), 'vitrine-sentinel-'));
  primary = spawn(bin, redisServerArgs(PRIMARY_PORT, dir), { stdio: 'ignore' });
  const deadline = Date.now() + SETTLE_MS;
  while (!(await portAnswers(PRIMARY_PORT))) {
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  group = await startSentinelGroup(dir, {
    primary: PRIMARY_PORT,
    replica: PRIMARY_PORT + 1,
    sentinels: [2, 3, 4].map((n) => PRIMARY_PORT + n),
  });
}, SETTLE_MS * 2);

afterAll(async () => {
  for (const connection of connections) connection.disconnect();
  await group?.stop();
  primary?.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Redis through Sentinel (runtime/src/redis.ts)', () => {
  it(
    'follows a switchover: every acknowledged write is on the new primary, and a BullMQ worker keeps taking jobs',
    async () => {
      const redis = openRedis(config(), { name: 'sentinel-test' });
      const bull = openRedis(config(), { name: 'sentinel-test-bull', maxRetriesPerRequest: null });
      connections.push(redis, bull);
      const queue = new Queue('sentinel-test', { connection: bull, prefix: 'vitrine-sentinel-test' });
      const done: string[] = [];
      const worker = new Worker(
        'sentinel-test',
        async (job) => {
          done.push(job.id!);
        },
        { connection: bull, prefix: 'vitrine-sentinel-test' },
      );
      worker.on('error', () => {});
      try {
        const acknowledged: string[] = [];
        let writing = true;
        const writer = (async () => {
          for (let n = 0; writing; n += 1) {
            await redis.set(`key-${n}`, String(n));
            acknowledged.push(`key-${n}`);
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        })();
        await queue.add('before', {}, { jobId: 'before' });
        const { from, to } = await group!.failover(true);
        expect(to).not.toBe(from);
        await queue.add('after', {}, { jobId: 'after' });
        await new Promise((resolve) => setTimeout(resolve, 500));
        writing = false;
        await writer;

        expect(await group!.primaryPort()).toBe(to);
        expect(acknowledged.length).toBeGreaterThan(0);
        const stored = await redis.mget(...acknowledged);
        expect(stored.filter((value) => value === null)).toEqual([]);
        const deadline = Date.now() + SETTLE_MS;
        while (!(done.includes('before') && done.includes('after')) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect(done).toEqual(expect.arrayContaining(['before', 'after']));
      } finally {
        await worker.close();
        await queue.close();
      }
    },
    SETTLE_MS * 2,
  );
});
