/**
 * `npm run bench -- --only webhooks [--deliveries 5000 --receiver-ms 0,50]`: webhook deliveries per
 * second of one worker process, end to end (docs/performance.md "Webhook deliveries (worker)").
 * Owners of MAX_WEBHOOKS webhooks each (every event, all their projects) are seeded, as many as
 * `deliveries` needs without a webhook's log (WEBHOOK_LOG_SIZE) dropping a delivery before it is sent;
 * every webhook posts to the receiver (webhook-receiver.ts, a child process on 127.0.0.1, the only
 * host allowed: WEBHOOK_ALLOWED_HOSTS), which verifies each signature and answers at once or after a
 * delay. For each delay, `deliveries / MAX_WEBHOOKS` comment events are fanned out through the worker's
 * own statement (db webhooks fanOut) and their deliveries queued as the worker queues them
 * (webhookDeliveryJob) on the paused queue; the production worker (startWorker, its concurrency) runs
 * in this process, and the clock starts when the queue is resumed: deliveries per second until the
 * receiver verified the last one, and until the last was recorded. The CPU each process spent per
 * delivery (the worker's, PostgreSQL's, Redis's, the receiver's) says what bounds the rate. Then
 * SINGLES deliveries one at a time on the idle worker: queued -> received, one by one. `--profile`
 * adds where the worker's own CPU went during the first case (liveness.ts profiled).
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { MAX_WEBHOOKS, WEBHOOK_EVENTS, WEBHOOK_LOG_SIZE, type WebhookPayload } from '../../domain/src/webhooks';
import type { Sql } from '../../db/src/sql';
import { makeWebhookQueries } from '../../db/src/queries/webhooks';
import { startWorker } from '../../worker/src/index';
import { WORKER_DEFAULTS, type WorkerContext } from '../../worker/src/context';
import { webhookDeliveryJob } from '../../worker/src/tasks/deliver-webhook-task';
import { cpuMsOf, quantile, loadAverages } from './measure';
import { benchWorkerSetup, postgresCpu, profiled, redisCpu } from './liveness';
import { startWebhookReceiver } from './servers';

/** Deliveries sent one at a time on the idle worker, for the time of one delivery. */
const SINGLES = 50;
/** How long a case may take before the bench gives up on it. */
const GIVE_UP_MS = 600_000;
/** How often the recorded deliveries are counted once the receiver has them all. */
const POLL_MS = 20;
/** Seconds the worker runs before the first case (connections opened, the queues' scripts loaded). */
const WARMUP_SECONDS = 2;

const now = () => performance.timeOrigin + performance.now();
const round1 = (n: number) => Math.round(n * 10) / 10;
/** `promise`, or a rejection saying `what` if it has not settled after GIVE_UP_MS. */
async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: given up after ${GIVE_UP_MS / 1000} s`)), GIVE_UP_MS);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface WebhooksOptions {
  databaseUrl: string;
  redisUrl: string;
  /** The private PostgreSQL's data directory, for its CPU time (services.ts); null leaves it out. */
  postgresDir: string | null;
  /** Deliveries of each case. */
  deliveries: number;
  /** The receiver's delay of each case, in ms (0: it answers at once). */
  delaysMs: number[];
  /** The receiver's port. */
  port: number;
  /** Profile the worker's CPU during the first case (it slows the worker a little). */
  profile: boolean;
  log: (line: string) => void;
}

/** The owners, their projects and webhooks: webhook k posts to the receiver's /hooks/k. */
interface Seeded {
  /** One project per owner of MAX_WEBHOOKS webhooks. */
  projects: number[];
  /** A project whose owner has a single webhook (the one-at-a-time deliveries). */
  single: number;
  webhooks: number;
}

/** Seeds `owners` owners of MAX_WEBHOOKS webhooks each and one owner of one, a project each. */
async function seed(sql: Sql, owners: number, hookUrl: (k: number) => string, secrets: string[]): Promise<Seeded> {
  const users = await sql<{ id: number }[]>`
    INSERT INTO users (username, password_hash)
    SELECT 'hook_owner_' || g, 'x' FROM generate_series(1, ${owners + 1}::int) g RETURNING id`;
  const ids = users.map((u) => u.id).sort((a, b) => a - b);
  const projects = await sql<{ id: number; userId: number }[]>`
    INSERT INTO projects (title, description, replit_url, category, tags, user_id)
    SELECT 'Hooked project ' || u, 'A project made for the benchmark.', 'https://project.example/hooked/' || u,
           'Web App', 'bench', u
    FROM unnest(${ids}::int[]) u RETURNING id, user_id`;
  const projectOf = new Map(projects.map((p) => [p.userId, p.id]));
  const owner = secrets.map((_, k) => ids[Math.min(Math.floor(k / MAX_WEBHOOKS), owners)]!);
  await sql`
    INSERT INTO webhooks (user_id, url, events, secret)
    SELECT t.user_id, t.url, ${WEBHOOK_EVENTS as unknown as string[]}::text[], t.secret
    FROM unnest(${owner}::int[], ${secrets.map((_, k) => hookUrl(k))}::text[], ${secrets}::text[])
      WITH ORDINALITY AS t(user_id, url, secret, k)
    ORDER BY t.k`;
  await sql`VACUUM ANALYZE users, projects, webhooks`;
  return {
    projects: ids.slice(0, owners).map((id) => projectOf.get(id)!),
    single: projectOf.get(ids[owners]!)!,
    webhooks: secrets.length,
  };
}

/** A comment.created body as the worker's fan-out writes it (worker/src/webhooks/fan-out.ts). */
function commentBody(key: string, projectId: number, n: number): string {
  const payload: WebhookPayload = {
    id: key,
    event: 'comment.created',
    createdAt: new Date().toISOString(),
    project: {
      id: projectId,
      title: `Hooked project ${projectId}`,
      url: `https://vitrine.example/projects/${projectId}`,
    },
    data: {
      commentId: n,
      parentId: null,
      author: 'bench_commenter',
      body: `A comment of the webhooks bench, number ${n}: long enough to look like one a member writes.`,
      url: `https://vitrine.example/projects/${projectId}#comments-heading`,
    },
  };
  return JSON.stringify(payload);
}

/** Fans out `events` comment events over `projects` (round robin) with the worker's statement; answers the deliveries. */
async function fanOutEvents(sql: Sql, tag: string, events: number, projects: number[]): Promise<number[]> {
  const webhooks = makeWebhookQueries(sql);
  const ids: number[] = [];
  for (let n = 0; n < events; n++) {
    const projectId = projects[n % projects.length]!;
    const eventKey = `${tag}-${n}`;
    const body = commentBody(eventKey, projectId, n);
    ids.push(...(await webhooks.fanOut({ eventKey, event: 'comment.created', projectId, body })));
  }
  return ids;
}

/** CPU seconds so far of this process (the worker), PostgreSQL, Redis and the receiver. */
async function cpuNow(redis: Redis, postgresDir: string | null, receiverPid: number) {
  const worker = process.cpuUsage();
  return {
    worker: (worker.user + worker.system) / 1e6,
    postgresql: postgresDir ? postgresCpu(postgresDir) : null,
    redis: await redisCpu(redis),
    receiver: (cpuMsOf(receiverPid) ?? 0) / 1000,
  };
}

/** What the receiver reports: deliveries verified and refused since its reset, and when each arrived. */
interface ReceiverReport {
  verified: number;
  refused: number;
  arrivals: Array<[number, number]>;
}

/** Runs the webhooks case and prints its figures. */
export async function webhooksBench(opts: WebhooksOptions): Promise<void> {
  const { log } = opts;
  const events = Math.ceil(opts.deliveries / MAX_WEBHOOKS);
  const owners = Math.ceil(opts.deliveries / (MAX_WEBHOOKS * WEBHOOK_LOG_SIZE));
  const secrets = Array.from({ length: owners * MAX_WEBHOOKS + 1 }, () => `whsec_${randomBytes(24).toString('hex')}`);
  const receiver = await startWebhookReceiver(opts.port, secrets);
  const { sql, config, redis } = benchWorkerSetup(opts, { WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${opts.port}` });
  redis.on('error', () => {});
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  // webhookDeliveryJob reads the retry backoff of the worker's settings only.
  const jobOf = (deliveryId: number) =>
    webhookDeliveryJob({ settings: WORKER_DEFAULTS } as unknown as WorkerContext, { deliveryId, round: 0 });
  /** The receiver's next line matching `pattern` after `command`, given up after GIVE_UP_MS. */
  const ask = async (command: string, pattern: RegExp, what: string): Promise<string> => {
    const from = receiver.output().length;
    const printed = receiver.printsNext(pattern);
    receiver.send(command);
    await within(printed, what);
    return pattern.exec(receiver.output().slice(from))![0];
  };
  try {
    const seeded = await seed(sql, owners, receiver.hookUrl, secrets);
    log(
      `${owners} owners of ${MAX_WEBHOOKS} webhooks each; ${events} events a case, ${events * MAX_WEBHOOKS} deliveries`,
    );
    worker = await startWorker(config, { schedulers: false });
    const queue = worker.queues.webhooks;
    await sleep(WARMUP_SECONDS * 1000);

    const loadBefore = loadAverages();
    const cases: Array<Record<string, string | number | null>> = [];
    let profile: Awaited<ReturnType<typeof profiled>> | null = null;
    for (const delayMs of opts.delaysMs) {
      receiver.send(`delay ${delayMs}`);
      receiver.send('reset');
      const tag = `bench-${delayMs}ms`;
      const fanOutStarted = performance.now();
      const ids = await fanOutEvents(sql, tag, events, seeded.projects);
      const fanOutMs = performance.now() - fanOutStarted;
      await queue.pause();
      await queue.addBulk(ids.map(jobOf));
      const first = Math.min(...ids);
      const last = Math.max(...ids);
      log(
        `${ids.length} deliveries written in ${(fanOutMs / 1000).toFixed(1)} s and queued; receiver answering after ${delayMs} ms`,
      );

      const reached = receiver.printsNext(/^reached \d+$/m);
      receiver.send(`until ${ids.length}`);
      const before = await cpuNow(redis, opts.postgresDir, receiver.pid);
      const queuedAt = now();
      const deliver = async () => {
        await queue.resume();
        await within(reached, `${ids.length} deliveries after ${delayMs} ms`);
      };
      if (opts.profile && cases.length === 0) profile = await profiled(deliver);
      else await deliver();
      for (;;) {
        const [{ n } = { n: 0 }] = await sql<{ n: number }[]>`
          SELECT count(*)::int AS n FROM webhook_deliveries WHERE id BETWEEN ${first} AND ${last} AND status <> 'pending'`;
        if (n >= ids.length) break;
        if (now() - queuedAt > GIVE_UP_MS) throw new Error(`only ${n} of ${ids.length} deliveries recorded`);
        await sleep(POLL_MS);
      }
      const recordedAt = now();
      const after = await cpuNow(redis, opts.postgresDir, receiver.pid);
      const line = await ask('report', /^report .*\n/m, 'the receiver report');
      const report = JSON.parse(line.slice('report '.length)) as ReceiverReport;
      const waits = report.arrivals.map(([, at]) => at - queuedAt).sort((a, b) => a - b);
      const lastArrival = waits.at(-1) ?? 0;
      const [attempts] = await sql<{ n: number; failed: number; p50: number; p99: number }[]>`
        SELECT count(*)::int AS n, count(*) FILTER (WHERE outcome <> 'ok')::int AS failed,
               percentile_disc(0.5) WITHIN GROUP (ORDER BY duration_ms) AS p50,
               percentile_disc(0.99) WITHIN GROUP (ORDER BY duration_ms) AS p99
        FROM webhook_attempts WHERE delivery_id BETWEEN ${first} AND ${last}`;
      const [statuses] = await sql<{ delivered: number }[]>`
        SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered
        FROM webhook_deliveries WHERE id BETWEEN ${first} AND ${last}`;
      const cpuPer = (key: keyof typeof before) => {
        const a = after[key];
        const b = before[key];
        return a === null || b === null ? null : Number((((a - b) * 1000) / ids.length).toFixed(3));
      };
      const ceiling = delayMs > 0 ? Math.round((WORKER_DEFAULTS.concurrency.webhooks * 1000) / delayMs) : null;
      const perSecond = Math.round((ids.length * 1000) / lastArrival);
      cases.push({
        'receiver delay ms': delayMs,
        deliveries: ids.length,
        'fan-out s': round1(fanOutMs / 1000),
        'delivered /s (received)': perSecond,
        'delivered /s (recorded)': Math.round((ids.length * 1000) / (recordedAt - queuedAt)),
        'ceiling /s (concurrency / delay)': ceiling,
        'queued -> received p50 ms': Math.round(quantile(waits, 0.5)),
        'queued -> received p99 ms': Math.round(quantile(waits, 0.99)),
        'attempt p50 / p99 ms': `${attempts!.p50} / ${attempts!.p99}`,
        'worker CPU ms/delivery': cpuPer('worker'),
        'postgresql CPU ms/delivery': cpuPer('postgresql'),
        'redis CPU ms/delivery': cpuPer('redis'),
        'receiver CPU ms/delivery': cpuPer('receiver'),
        'share of one core (worker)': Number(
          ((after.worker - before.worker) / ((recordedAt - queuedAt) / 1000)).toFixed(2),
        ),
        'verified / refused / twice': `${report.verified} / ${report.refused} / ${report.arrivals.length - new Set(report.arrivals.map(([id]) => id)).size}`,
        'delivered (rows), failed attempts': `${statuses!.delivered}, ${attempts!.failed}`,
      });
      log(
        `after ${delayMs} ms: ${perSecond} deliveries/s received (${ids.length} in ${(lastArrival / 1000).toFixed(1)} s)`,
      );
    }

    // One at a time on the idle worker, the receiver answering at once: the time of one delivery.
    receiver.send('delay 0');
    receiver.send('reset');
    const singles: number[] = [];
    for (let n = 0; n < SINGLES; n++) {
      const eventKey = `single-${n}`;
      const [id] = await makeWebhookQueries(sql).fanOut({
        eventKey,
        event: 'comment.created',
        projectId: seeded.single,
        body: commentBody(eventKey, seeded.single, n),
      });
      const got = receiver.printsNext(new RegExp(`^got ${id!} [\\d.]+$`, 'm'));
      const from = receiver.output().length;
      receiver.send(`watch ${id!}`);
      const queuedAt = now();
      await queue.add(jobOf(id!).name, jobOf(id!).data, jobOf(id!).opts);
      await within(got, `delivery ${id!}`);
      const at = Number(new RegExp(`^got ${id!} ([\\d.]+)$`, 'm').exec(receiver.output().slice(from))![1]);
      singles.push(at - queuedAt);
    }
    singles.sort((a, b) => a - b);

    console.log(
      `webhook deliveries, one worker process (webhooks concurrency ${WORKER_DEFAULTS.concurrency.webhooks}), ${seeded.webhooks} webhooks of ${owners + 1} owners, ${events} events a case; load average ${loadBefore} before, ${loadAverages()} after:`,
    );
    // One column per receiver delay, one row per figure.
    console.table(
      Object.keys(cases[0] ?? {})
        .filter((measure) => measure !== 'receiver delay ms')
        .map((measure) => ({
          measure,
          ...Object.fromEntries(cases.map((c) => [`after ${String(c['receiver delay ms'])} ms`, c[measure]])),
        })),
    );
    if (profile) console.table(profile);
    console.table([
      {
        measure: `one delivery on the idle worker, queued -> received (${SINGLES}, one at a time)`,
        'p50 ms': round1(quantile(singles, 0.5)),
        'p99 ms': round1(quantile(singles, 0.99)),
        'max ms': round1(singles.at(-1) ?? 0),
      },
    ]);
  } finally {
    if (worker) {
      // The workers first (their running jobs end), then nothing of the bench's queues is left in Redis
      // (with --shared it is the machine's), then the rest of the worker.
      await Promise.all(Object.values(worker.workers).map((w) => w.close()));
      for (const queue of Object.values(worker.queues)) await queue.obliterate({ force: true }).catch(() => {});
      await worker.close();
    }
    redis.disconnect();
    await sql.end();
    await receiver.stop();
  }
}
