import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createSql, type Sql } from '@vitrine/db/sql';
import { bullPrefix, TASKS_QUEUE } from '@vitrine/runtime/queues';
import type { Config } from '@vitrine/runtime/config';
import { startWorker, type RunningWorker } from './index';
import { JOB } from './job-names';
import { waitFor, workerTestConfig } from './testing';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Short locks, so a dead worker's job is taken over in about a second instead of 30. */
const LOCK_MS = 1000;

let config: Config;
let sql: Sql;
let redis: Redis;
let tasks: Queue;
let child: ChildProcess | undefined;
let survivor: RunningWorker | undefined;
beforeAll(async () => {
  config = workerTestConfig();
  sql = createSql(config.databaseUrl, { max: 3 });
  redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  redis.on('error', () => {});
  tasks = new Queue(TASKS_QUEUE, { connection: redis, prefix: bullPrefix(config.redisPrefix) });
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await survivor?.close();
  await tasks?.close();
  redis?.disconnect();
  await sql?.end();
});

/** `npm run start:worker` as a separate process on this test's database and prefix. */
function spawnWorker(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'worker/src/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl,
      REDIS_PREFIX: config.redisPrefix,
      WORKER_LOCK_DURATION_MS: String(LOCK_MS),
      WORKER_STALLED_INTERVAL_MS: String(LOCK_MS / 2),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"running"')) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
}

describe('a worker killed mid-job', () => {
  it('has its job finished by another worker', async () => {
    // Hold the leaderboard table so the recompute blocks inside its transaction: the job is mid-way.
    const holder = await sql.reserve();
    await holder`BEGIN`;
    await holder`LOCK TABLE leaderboard_entries IN EXCLUSIVE MODE`;
    let released = false;
    try {
      child = await spawnWorker();
      const job = await tasks.add(
        JOB.recomputeLeaderboard,
        { range: 'week' },
        // First in line: the worker's own scheduled jobs at start (one of them blocked by the same lock)
        // may hold some of its task slots meanwhile.
        { jobId: 'stall-test-leaderboard-week', attempts: 1, lifo: true },
      );
      await waitFor(
        'the job active in the first worker',
        async () => (await tasks.getJobState(job.id!)) === 'active',
        30_000,
      );

      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      const killedAt = new Date();
      survivor = await startWorker(config, {
        schedulers: false,
        lockDurationMs: LOCK_MS,
        stalledIntervalMs: LOCK_MS / 2,
      });
      await holder`ROLLBACK`;
      released = true;

      await waitFor(
        'the job completed by the second worker',
        async () => (await tasks.getJobState(job.id!)) === 'completed',
        15_000,
      );
      const done = await tasks.getJob(job.id!);
      // Failed attempts would count here; a stall does not (attempts: 1 still completed).
      expect(done!.attemptsMade).toBeLessThanOrEqual(1);
      expect(done!.stalledCounter).toBe(1);
      const [board] = await sql<
        { computedAt: Date }[]
      >`SELECT computed_at FROM ranking_boards WHERE board = 'leaderboard:week'`;
      expect(board!.computedAt.getTime()).toBeGreaterThanOrEqual(killedAt.getTime() - 50);
    } finally {
      if (!released) await holder`ROLLBACK`;
      holder.release();
    }
  }, 90_000);

  it('on SIGTERM finishes its running job before it exits', async () => {
    // Only the process under test may take the job.
    await survivor?.close();
    survivor = undefined;
    const holder = await sql.reserve();
    await holder`BEGIN`;
    await holder`LOCK TABLE leaderboard_entries IN EXCLUSIVE MODE`;
    let released = false;
    try {
      const proc = await spawnWorker();
      child = proc;
      const job = await tasks.add(
        JOB.recomputeLeaderboard,
        { range: 'month' },
        { jobId: 'sigterm-test-leaderboard-month', attempts: 1 },
      );
      await waitFor('the job active', async () => (await tasks.getJobState(job.id!)) === 'active', 10_000);
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      proc.kill('SIGTERM');
      // The job is still blocked: the process must wait for it rather than exit.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(proc.exitCode).toBeNull();
      await holder`ROLLBACK`;
      released = true;
      expect(await exited).toBe(0);
      expect(await tasks.getJobState(job.id!)).toBe('completed');
    } finally {
      if (!released) await holder`ROLLBACK`;
      holder.release();
    }
  }, 60_000);
});
