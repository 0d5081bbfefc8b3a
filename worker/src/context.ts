import type { Queue } from 'bullmq';
import type { Config } from '@vitrine/api/config';
import type { LivePushes } from '@vitrine/api/events/live';
import type { Sql } from '@vitrine/db/sql';
import type { Mailer } from './mailer';

/** Tunables of a worker process; tests shorten them. Defaults are in src/settings.ts. */
export interface WorkerSettings {
  /** Jobs of each queue one process runs at once. */
  concurrency: { events: number; tasks: number; emails: number };
  /** A job whose worker stops renewing its lock for this long is taken over by another worker. */
  lockDurationMs: number;
  /** How often a worker looks for such stalled jobs. */
  stalledIntervalMs: number;
  /** Delay of an event-triggered recompute, during which a burst of events gathers behind it. */
  recomputeDelayMs: number;
  /** Schedules: trending rolls over every minute, leaderboards and contributors every 5 minutes. */
  trendingEveryMs: number;
  leaderboardsEveryMs: number;
  /** How often the relay runs, and how old an unpublished event must be to be relayed. */
  relayEveryMs: number;
  relayAfterMs: number;
  /** Attempts of a mail and the first retry delay (doubled each time). */
  emailAttempts: number;
  emailBackoffMs: number;
  /** Where mails go without SMTP_URL. */
  outboxDir?: string;
  /** Register the job schedulers (off in tests that count jobs). */
  schedulers: boolean;
}

/** What tasks and processors use. */
export interface WorkerContext {
  config: Config;
  settings: WorkerSettings;
  sql: Sql;
  queues: { events: Queue; tasks: Queue; emails: Queue };
  mailer: Mailer;
  live: LivePushes;
  log: (message: string, err?: unknown) => void;
}
