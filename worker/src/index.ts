/**
 * The worker process: BullMQ workers for domain events, tasks (ranking
 * recomputes, schedule ticks, the outbox relay) and mails. Run it with `npm run start:worker`;
 * start as many as you like, they share the queues.
 */
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { duplicateRedis, openRedis } from '@vitrine/runtime/redis';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit, type Config } from '@vitrine/runtime/config';
import { bullPrefix, QUEUE_NAMES, type QueueName } from '@vitrine/runtime/queues';
import { createLivePushes } from '@vitrine/runtime/live';
import { createSql } from '@vitrine/db/sql';
import { migrate } from '@vitrine/db/migrate';
import { WORKER_DEFAULTS, type WorkerContext, type WorkerSettings } from './context';
import { createMailer } from './mailer';
import { processEvent } from './processors/events';
import { createTaskProcessor } from './processors/tasks';
import type { TaskQueueName } from './job-names';
import { registerSchedules, schedules } from './schedules';
import { RecomputeLeaderboardTask } from './tasks/recompute-leaderboard-task';
import { RecomputeTopContributorsTask } from './tasks/recompute-top-contributors-task';
import { RecomputeTrendingTask } from './tasks/recompute-trending-task';
import { RefreshBoardsTask } from './tasks/refresh-boards-task';
import { RelayOutboxTask } from './tasks/relay-outbox-task';
import { IntegrityScanTask } from './tasks/integrity-scan-task';
import { FoldStatsTask } from './tasks/fold-stats-task';
import { PruneOutboxTask } from './tasks/prune-outbox-task';
import { SendEmailTask } from './tasks/send-email-task';
import { SendDigestsTask } from './tasks/send-digests-task';
import { PruneNotificationsTask } from './tasks/prune-notifications-task';
import { SendNotificationMailTask } from './notifications/instant-mail';
import { SendVisitorReplyTask } from './tasks/send-visitor-reply-task';
import { SendConfirmationTask } from './tasks/send-confirmation-task';
import type { Task } from './tasks/task';
import { ScheduleChecksTask } from './tasks/schedule-checks-task';
import { CheckProjectTask } from './tasks/check-project-task';
import { DeliverWebhookTask } from './tasks/deliver-webhook-task';
import { startHeartbeat } from './heartbeat';
import { loggedProcessor, RequestIdQueue } from './job-log';
import type { JobResult } from './tasks/task';
import { countedMailer, measureWorker, observeJob } from './metrics';
import { collectProcessMetrics, handleErrors, serveMetrics } from '@vitrine/runtime/metrics';
import { createLogger, loggerFor, setRootLogger } from '@vitrine/runtime/logger';

/** A running worker process. */
export interface RunningWorker {
  /** Stops taking jobs, lets the running ones finish, then closes every connection. */
  close(): Promise<void>;
  workers: Record<QueueName, Worker>;
  queues: WorkerContext['queues'];
  /** True while the worker's Redis connection is up (it can take jobs). */
  ready(): boolean;
  /** The metrics listener's address (WORKER_METRICS_PORT), when there is one. */
  metricsUrl: string | null;
}

/** The tasks each queue runs (the events queue runs the events, src/processors/events.ts). */
export const TASKS_BY_QUEUE: Record<TaskQueueName, Task[]> = {
  tasks: [
    RecomputeTrendingTask,
    RecomputeLeaderboardTask,
    RecomputeTopContributorsTask,
    RefreshBoardsTask,
    RelayOutboxTask,
    PruneOutboxTask,
    SendDigestsTask,
    PruneNotificationsTask,
    IntegrityScanTask,
    ScheduleChecksTask,
    FoldStatsTask,
  ],
  emails: [SendEmailTask, SendConfirmationTask, SendVisitorReplyTask, SendNotificationMailTask],
  liveness: [CheckProjectTask],
  webhooks: [DeliverWebhookTask],
};

/** One of `make` per queue of QUEUE_NAMES, by name. */
function byQueue<T>(make: (name: QueueName) => T): Record<QueueName, T> {
  return Object.fromEntries(QUEUE_NAMES.map((name) => [name, make(name)])) as Record<QueueName, T>;
}

/** Opens a Redis connection that never gives up on a command (BullMQ's requirement for workers). */
function workerRedis(config: Config, name: string, log: WorkerContext['log']): Redis {
  let down = false;
  return openRedis(config, {
    name,
    maxRetriesPerRequest: null,
    onError(err) {
      if (!down) log(`redis ${name} unreachable: ${err.message}`);
      down = true;
    },
    onReady() {
      if (down) log(`redis ${name} back`);
      down = false;
    },
  });
}

/** The queues' workers over `ctx`, each job logged and measured, the failures logged. */
function startProcessors(ctx: WorkerContext, connection: Redis, prefix: string) {
  const { settings } = ctx;
  const logger = loggerFor('worker');
  const common = {
    connection,
    prefix,
    lockDuration: settings.lockDurationMs,
    stalledInterval: settings.stalledIntervalMs,
  };
  const processors: Record<QueueName, (job: Job) => Promise<JobResult>> = {
    events: (job) => processEvent(ctx, job),
    tasks: createTaskProcessor(ctx, TASKS_BY_QUEUE.tasks),
    emails: createTaskProcessor(ctx, TASKS_BY_QUEUE.emails),
    liveness: createTaskProcessor(ctx, TASKS_BY_QUEUE.liveness),
    webhooks: createTaskProcessor(ctx, TASKS_BY_QUEUE.webhooks),
  };
  const workers = byQueue(
    (name) =>
      new Worker(name, loggedProcessor(name, processors[name], logger, observeJob), {
        ...common,
        concurrency: settings.concurrency[name],
      }),
  );
  for (const [name, worker] of Object.entries(workers)) {
    handleErrors(worker, `worker:${name}`);
    worker.on('failed', (job, err) => {
      if (!job) return;
      const final = job.attemptsMade >= (job.opts.attempts ?? 1);
      logger.warn(
        { queue: name, job: job.name, jobId: job.id, attempt: job.attemptsMade, final, err: err.message },
        final ? 'job failed for good' : 'job failed; will retry',
      );
    });
  }
  return workers;
}

/**
 * Starts the workers and the job schedulers. Migrates first (api and worker may start together).
 * Settings: the fixed defaults, then the configuration's (environment's) tunables, then `overrides` (tests).
 */
export async function startWorker(
  config: Config = loadConfigOrExit(),
  overrides: Partial<WorkerSettings> = {},
): Promise<RunningWorker> {
  const settings: WorkerSettings = { ...WORKER_DEFAULTS, ...config.worker, ...overrides };
  const logger = loggerFor('worker');
  const log: WorkerContext['log'] = (message, err) =>
    err === undefined ? logger.info(message) : logger.error({ err }, message);
  const sql = createSql(config.databaseUrl);
  await migrate(sql);

  const connection = workerRedis(config, 'worker', log);
  // Live pushes of relayed events: fail fast while Redis is down, like the API's publisher.
  const liveRedis = duplicateRedis(connection, 'worker-live', { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  const prefix = bullPrefix(config.redisPrefix);
  const queues = byQueue((name) => new RequestIdQueue(name, { connection, prefix }));
  for (const [name, queue] of Object.entries(queues)) handleErrors(queue, `queue:${name}`);

  const mailer = countedMailer(
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: settings.outboxDir }),
  );
  const live = createLivePushes({
    sql,
    redis: liveRedis,
    prefix: config.redisPrefix,
    log: (err) => log('live push failed', err),
  });
  const ctx: WorkerContext = { config, settings, sql, queues, mailer, live, redis: connection, log };

  const workers = startProcessors(ctx, connection, prefix);
  if (settings.schedulers) await registerSchedules(queues.tasks, schedules(settings, config));

  collectProcessMetrics('worker');
  const measured = measureWorker(queues, sql);
  const metrics =
    config.workerMetricsPort === null ? null : await serveMetrics(config.metricsHost, config.workerMetricsPort);

  let closing: Promise<void> | undefined;
  return {
    workers,
    queues,
    ready: () => connection.status === 'ready',
    metricsUrl: metrics?.url ?? null,
    close() {
      closing ??= (async () => {
        await metrics?.close();
        measured.stop();
        await Promise.all(Object.values(workers).map((worker) => worker.close()));
        await Promise.all(Object.values(queues).map((queue) => queue.close()));
        mailer.close();
        liveRedis.disconnect();
        connection.disconnect();
        await sql.end({ timeout: 5 });
      })();
      return closing;
    },
  };
}

/** Longest a SIGTERM waits for running jobs before the process exits anyway (they are retried elsewhere). */
const SHUTDOWN_GRACE_MS = 25_000;

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const config = loadConfigOrExit();
  setRootLogger(createLogger({ service: 'worker', level: config.logLevel }));
  const worker = await startWorker(config);
  loggerFor('worker').info('running');
  // WORKER_HEARTBEAT_FILE (docker-compose.yml): a file the container healthcheck reads the age of.
  const { heartbeatFile } = config.worker;
  if (heartbeatFile)
    startHeartbeat(heartbeatFile, worker.ready, (message, err) => loggerFor('worker').error({ err }, message));
  const stop = async (signal: string) => {
    loggerFor('worker').info({ signal }, 'finishing running jobs');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    timer.unref();
    await worker.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
