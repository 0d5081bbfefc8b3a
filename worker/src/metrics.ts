import type { Job, Queue } from 'bullmq';
import type { Sql } from '@vitrine/db/sql';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { Counter, Gauge, Histogram, metricsRegistry } from '@vitrine/runtime/metrics';
import type { JobObserver } from './job-log';
import type { Mailer } from './mailer';
import { JOB } from './job-names';

/** Buckets of job durations, in seconds: 5 ms to 2 minutes. */
const JOB_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** How long jobs ran, by queue, job name (event and task names: a fixed set) and outcome. */
export const jobDuration = new Histogram({
  name: 'vitrine_job_duration_seconds',
  help: 'Duration of BullMQ jobs by queue, job name and outcome (completed, failed).',
  labelNames: ['queue', 'name', 'outcome'] as const,
  buckets: JOB_BUCKETS,
  registers: [metricsRegistry],
});

/** How long a ranking board's recompute took, by board (trending:today, leaderboard:week, top-contributors). */
export const boardRecomputeDuration = new Histogram({
  name: 'vitrine_board_recompute_duration_seconds',
  help: 'Duration of completed ranking board recomputes by board.',
  labelNames: ['board'] as const,
  buckets: JOB_BUCKETS,
  registers: [metricsRegistry],
});

/** Mails handed to SMTP (or written to the outbox directory), and those whose sending failed. */
export const mails = new Counter({
  name: 'vitrine_mails_total',
  help: 'Mails by outcome: sent (accepted by the SMTP server), failed (the attempt threw; it is retried).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** The board a recompute job computes, or null for any other job. */
function boardOf(job: Job): string | null {
  const data = (job.data ?? {}) as { period?: string; range?: string; votesOnly?: boolean };
  if (job.name === JOB.recomputeTrending) return `trending:${String(data.period)}`;
  if (job.name === JOB.recomputeLeaderboard) return `leaderboard:${String(data.range)}`;
  if (job.name === JOB.recomputeTopContributors) return data.votesOnly ? 'top-contributors:votes' : 'top-contributors';
  return null;
}

/** Records each finished job's duration, and a recompute's under its board (loggedProcessor's observer). */
export const observeJob: JobObserver = (queue, job, outcome, seconds) => {
  jobDuration.observe({ queue, name: job.name, outcome }, seconds);
  const board = outcome === 'completed' ? boardOf(job) : null;
  if (board !== null) boardRecomputeDuration.observe({ board }, seconds);
};

/** A mailer that counts what it sends and what fails. */
export function countedMailer(mailer: Mailer): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (err) {
        mails.inc({ outcome: 'failed' });
        throw err;
      }
      mails.inc({ outcome: 'sent' });
    },
    close: () => mailer.close(),
  };
}

/** Job states counted per queue on each scrape. */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * The scrape-time series of a running worker: jobs per queue and state (BullMQ's counts), and the
 * outbox backlog with the age of its oldest unpublished event (what the relay has still to deliver).
 */
export function measureWorker(queues: Record<string, Queue>, sql: Sql): { stop(): void } {
  const queueJobs = new Gauge({
    name: 'vitrine_queue_jobs',
    help: 'Jobs per BullMQ queue and state (waiting, active, delayed, failed), counted on scrape.',
    labelNames: ['queue', 'state'] as const,
    registers: [metricsRegistry],
    async collect() {
      for (const [name, queue] of Object.entries(queues)) {
        // While Redis is away the counts are absent: the worker's connection waits for Redis
        // (maxRetriesPerRequest null), and a scrape would wait with it.
        if ((queue.opts.connection as { status?: string }).status !== 'ready') {
          for (const state of QUEUE_STATES) this.remove({ queue: name, state });
          continue;
        }
        const counts = await queue.getJobCounts(...QUEUE_STATES).catch(() => null);
        if (counts) for (const state of QUEUE_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
      }
    },
  });
  const outbox = makeEventQueries(sql);
  const backlog = new Gauge({
    name: 'vitrine_outbox_backlog',
    help: 'Events committed but not yet handed to the queue.',
    registers: [metricsRegistry],
    async collect() {
      const now = await outbox.backlog().catch(() => null);
      if (!now) return;
      this.set(now.count);
      oldest.set(now.oldestAgeSeconds);
    },
  });
  const oldest = new Gauge({
    name: 'vitrine_outbox_oldest_age_seconds',
    help: 'Age of the oldest event not yet handed to the queue (0 when none).',
    registers: [metricsRegistry],
  });
  return {
    stop() {
      for (const gauge of [queueJobs, backlog, oldest])
        metricsRegistry.removeSingleMetric((gauge as unknown as { name: string }).name);
    },
  };
}
