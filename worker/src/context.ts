import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Config, WorkerEnvSettings } from '@vitrine/runtime/config';
import type { QueueName } from '@vitrine/runtime/queues';
import type { LivePushes } from '@vitrine/runtime/live';
import type { Sql } from '@vitrine/db/sql';
import { WEBHOOK_TIMEOUT_MS } from '@vitrine/domain/webhooks';
import type { Mailer } from './mailer';

/**
 * Tunables of a worker process; tests shorten them. Those of WorkerEnvSettings come from the
 * configuration (WORKER_LOCK_DURATION_MS etc., runtime/src/config.ts); the rest are fixed here.
 */
export interface WorkerSettings extends WorkerEnvSettings {
  /** Jobs of each queue one process runs at once. */
  concurrency: Record<QueueName, number>;
  /** Delay of an event-triggered recompute, during which a burst of events gathers behind it. */
  recomputeDelayMs: number;
  /**
   * The same for a whole recompute of the top contributors, an aggregate over every visible project (at
   * 1M projects about 165 ms of a core, where a tallied board takes about 12): after a project is
   * created, hidden, shown or deleted, or a member deleted. A vote needs none: it brings them up to
   * date within recomputeDelayMs, adding to its project's owner's running total.
   */
  contributorsDelayMs: number;
  /** Schedules: trending rolls over every minute, leaderboards and contributors every 5 minutes. */
  trendingEveryMs: number;
  leaderboardsEveryMs: number;
  /** Attempts of a mail (its first retry delay, doubled each time, is emailBackoffMs). */
  emailAttempts: number;
  /** First retry delay of a webhook delivery, doubled each time (WEBHOOK_ATTEMPTS in all). */
  webhookBackoffMs: number;
  /** Time limit of one webhook attempt. */
  webhookTimeoutMs: number;
  /** Register the job schedulers (off in tests that count jobs). */
  schedulers: boolean;
}

/** What tasks and processors use. */
export interface WorkerContext {
  config: Config;
  settings: WorkerSettings;
  sql: Sql;
  queues: Record<QueueName, Queue>;
  mailer: Mailer;
  live: LivePushes;
  /** The worker's Redis connection (commands retry until Redis answers), for the stats counters. */
  redis: Redis;
  log: (message: string, err?: unknown) => void;
}

/** The fixed worker settings in production; the environment's tunables (config.worker) complete them. */
export const WORKER_DEFAULTS: Omit<WorkerSettings, keyof WorkerEnvSettings> = {
  // Checks mostly wait on the network (up to LIVENESS_TIMEOUT_MS each), hence many at once.
  // Webhook deliveries wait on members' receivers (up to WEBHOOK_TIMEOUT_MS each).
  concurrency: { events: 10, tasks: 4, emails: 4, liveness: 50, webhooks: 20 },
  recomputeDelayMs: 1000,
  contributorsDelayMs: 30_000,
  trendingEveryMs: 60_000,
  leaderboardsEveryMs: 5 * 60_000,
  // With WORKER_EMAIL_BACKOFF_MS 10 s: 10 s, 20 s, 40 s ... about 11 hours in all, so an SMTP outage of a night still delivers.
  emailAttempts: 12,
  // 1, 2, 4, 8 and 16 minutes between the WEBHOOK_ATTEMPTS attempts: about half an hour in all.
  webhookBackoffMs: 60_000,
  webhookTimeoutMs: WEBHOOK_TIMEOUT_MS,
  schedulers: true,
};
