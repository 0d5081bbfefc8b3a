/**
 * `npm run bench -- --only liveness [--projects 1000000 --seconds 60 --stand-ins 32 --stand-in-ms 0]`:
 * checks per minute the worker sustains (docs/performance.md "Liveness checks (worker)").
 * `projects` visible projects are seeded with generate_series, their hosted addresses spread over
 * `stand-ins` local HTTP servers answering after `stand-in-ms` (servers.ts startStandIns, each a host
 * of its own, the only hosts allowed: LIVENESS_ALLOWED_ONLY=1). The real scheduler
 * (ScheduleChecksTask) runs once and is timed; its delayed jobs are then made due at once (BullMQ
 * promoteJobs), and the production worker (startWorker, its liveness concurrency and per-host limit)
 * checks them for `seconds`: checks recorded in project_checks per minute, against the rate every
 * project once per interval needs. The CPU each process spent per check (the worker's, PostgreSQL's,
 * Redis's, the stand-ins') says what bounds the rate.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { loadConfig } from '../../runtime/src/config';
import { bullPrefix, LIVENESS_QUEUE } from '../../runtime/src/queues';
import { createLogger, setRootLogger } from '../../runtime/src/logger';
import type { Sql } from '../../db/src/sql';
import { createSql } from '../../db/src/sql';
import { startWorker } from '../../worker/src/index';
import { ScheduleChecksTask } from '../../worker/src/tasks/schedule-checks-task';
import type { WorkerContext } from '../../worker/src/context';
import { startStandIns } from './servers';

/** Seconds the worker runs before the measure starts (connections opened, first jobs fetched). */
const WARMUP_SECONDS = 5;
/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) `pid` has used, 0 when it is gone. */
export function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds of the PostgreSQL server of `dataDir`: its postmaster and every process it started. */
export function postgresCpu(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = cpuOf(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) total += cpuOf(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** CPU seconds Redis has used (INFO cpu). */
export async function redisCpu(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const value = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return value('used_cpu_sys') + value('used_cpu_user');
}

/** A CPU profile of this process (the worker) while `work` runs: the share of its samples by where their code lives. */
export async function profiled(work: () => Promise<void>): Promise<Array<{ code: string; share: number }>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    await work();
  } catch (err) {
    session.disconnect();
    throw err;
  }
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const where = new Map<number, string>();
  for (const node of profile.nodes) {
    const url = node.callFrame.url;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    where.set(
      node.id,
      pkg ??
        (url.startsWith('node:') || url === ''
          ? `node internals / ${node.callFrame.functionName || '(idle, GC, native)'}`
          : path.relative(process.cwd(), url.replace(/^file:\/\//, ''))),
    );
  }
  const counts = new Map<string, number>();
  for (const id of profile.samples ?? []) counts.set(where.get(id)!, (counts.get(where.get(id)!) ?? 0) + 1);
  const total = profile.samples?.length ?? 1;
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([code, n]) => ({ code, share: Number((n / total).toFixed(3)) }));
}

/** Seeds `count` visible projects whose hosted addresses go round `hosts` (host:port entries). */
async function seedTargets(sql: Sql, count: number, hosts: string[]): Promise<void> {
  await sql`SET synchronous_commit = off`;
  await sql`INSERT INTO users (username, password_hash) SELECT 'bench_' || g, 'x' FROM generate_series(1, 1000) g`;
  await sql`
    INSERT INTO projects (title, description, replit_url, category, tags, user_id)
    SELECT 'Bench project ' || g, 'A project made for the benchmark.',
           'http://' || (${hosts}::text[])[1 + g % ${hosts.length}] || '/p/' || g, 'Web App', 'bench', 1 + g % 1000
    FROM generate_series(1, ${count}) g`;
  await sql`VACUUM ANALYZE projects`;
}

export interface LivenessOptions {
  databaseUrl: string;
  redisUrl: string;
  /** The private PostgreSQL's data directory, for its CPU time (services.ts); null leaves it out. */
  postgresDir: string | null;
  projects: number;
  seconds: number;
  standIns: number;
  /** How long each stand-in takes to answer (ms). */
  standInMs: number;
  /** Profile the worker's CPU during the measure (it slows the worker a little). */
  profile: boolean;
  log: (line: string) => void;
}

/**
 * What a worker case of the bench runs on: a small pool, a Redis key prefix of its own, the worker's
 * configuration with `env` over the bench's (warnings only in the logs) and a Redis connection for its
 * queues.
 */
export function benchWorkerSetup(opts: { databaseUrl: string; redisUrl: string }, env: Record<string, string>) {
  const sql = createSql(opts.databaseUrl, { max: 2 });
  const prefix = `vitrine-bench:${randomBytes(4).toString('hex')}:`;
  const config = loadConfig({
    NODE_ENV: 'bench',
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    ...env,
  });
  setRootLogger(createLogger({ service: 'worker', level: 'warn' }));
  const redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
  return { sql, prefix, config, redis };
}

/** Runs the liveness case and prints its figures. */
export async function livenessBench(opts: LivenessOptions): Promise<void> {
  const { log } = opts;
  const standIns = await startStandIns(opts.standIns, opts.standInMs);
  const { sql, prefix, config, redis } = benchWorkerSetup(opts, {
    LIVENESS_ENABLED: '1',
    LIVENESS_ALLOWED_HOSTS: standIns.hosts.join(','),
    LIVENESS_ALLOWED_ONLY: '1',
  });
  const queue = new Queue(LIVENESS_QUEUE, { connection: redis, prefix: bullPrefix(prefix) });
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  try {
    let started = performance.now();
    log(`seeding ${opts.projects} projects over ${standIns.hosts.length} stand-in hosts`);
    await seedTargets(sql, opts.projects, standIns.hosts);
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    // The scheduler as the worker runs it, on a context holding what it uses (the configuration, the pool, the queue).
    started = performance.now();
    await ScheduleChecksTask.run({ config, sql, queues: { liveness: queue } } as unknown as WorkerContext, {});
    const scheduleSeconds = (performance.now() - started) / 1000;
    const counts = await queue.getJobCounts('delayed', 'wait');
    const enqueued = counts.delayed! + counts.wait!;
    log(`scheduler: ${enqueued} check jobs enqueued in ${scheduleSeconds.toFixed(1)} s`);
    if (enqueued !== opts.projects)
      throw new Error(`the scheduler enqueued ${enqueued} jobs for ${opts.projects} projects`);
    const redisMemory = /^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1];

    // Every check due now: the worker runs flat out, as it would if it fell behind.
    started = performance.now();
    await queue.promoteJobs({ count: 10_000 });
    log(`delayed jobs made due in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    worker = await startWorker(config, { schedulers: false });
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
    const count = async () => Number((await sql<{ n: string }[]>`SELECT count(*) AS n FROM project_checks`)[0]!.n);
    const before = {
      checks: await count(),
      at: performance.now(),
      worker: process.cpuUsage(),
      postgres: opts.postgresDir ? postgresCpu(opts.postgresDir) : 0,
      redis: await redisCpu(redis),
      standIns: cpuOf(standIns.pid),
    };
    log(`measuring for ${opts.seconds} s`);
    const wait = () => new Promise<void>((resolve) => setTimeout(resolve, opts.seconds * 1000));
    const profile = opts.profile ? await profiled(wait) : (await wait(), null);
    const checks = (await count()) - before.checks;
    const elapsed = (performance.now() - before.at) / 1000;
    const workerCpu = process.cpuUsage(before.worker);
    const cpu = {
      'worker (this process)': (workerCpu.user + workerCpu.system) / 1e6,
      postgresql: opts.postgresDir ? postgresCpu(opts.postgresDir) - before.postgres : null,
      redis: (await redisCpu(redis)) - before.redis,
      'HTTP stand-ins': cpuOf(standIns.pid) - before.standIns,
    };
    const outcomes = await sql<{ outcome: string; n: string }[]>`
      SELECT outcome, count(*) AS n FROM project_checks GROUP BY outcome ORDER BY outcome`;
    await worker.close();
    worker = null;

    const perMinute = Math.round((checks / elapsed) * 60);
    const needed = Math.round(opts.projects / (config.liveness.intervalSeconds / 60));
    console.log(
      `liveness checks, ${opts.projects} projects, ${standIns.hosts.length} hosts answering after ${opts.standInMs} ms, one worker process:`,
    );
    console.table(
      Object.entries(cpu).map(([process, seconds]) => ({
        process,
        'CPU s': seconds === null ? null : Number(seconds.toFixed(1)),
        'CPU ms per check': seconds === null || checks === 0 ? null : Number(((seconds * 1000) / checks).toFixed(2)),
        'share of the 2-core machine': seconds === null ? null : Number((seconds / elapsed / 2).toFixed(2)),
      })),
    );
    console.table(outcomes.map((o) => ({ outcome: o.outcome, checks: Number(o.n) })));
    if (profile) console.table(profile);
    console.table([
      { measure: 'scheduler: seconds to enqueue every check', value: Number(scheduleSeconds.toFixed(1)), target: null },
      {
        measure: 'scheduler: jobs enqueued per second',
        value: Math.round(enqueued / scheduleSeconds),
        target: null,
      },
      {
        measure: 'Redis memory with every check enqueued, MB',
        value: redisMemory ? Math.round(Number(redisMemory) / 1e6) : null,
        target: null,
      },
      { measure: `checks per minute (over ${elapsed.toFixed(0)} s)`, value: perMinute, target: `>= ${needed}` },
      {
        measure: 'checks per minute / needed (every project once per interval)',
        value: Number((perMinute / needed).toFixed(2)),
        target: '>= 1',
      },
    ]);
  } finally {
    await worker?.close();
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
    redis.disconnect();
    await sql.end();
    await standIns.stop();
  }
}
