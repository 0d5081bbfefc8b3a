import type { JobsOptions } from 'bullmq';
import type { StoredEvent } from '@vitrine/domain/events';

/** Domain events, one job per event (job id from its outbox id). */
export const EVENTS_QUEUE = 'events';
/** Explicit jobs of the worker: ranking recomputes, schedule ticks, the outbox relay. */
export const TASKS_QUEUE = 'tasks';
/** One job per mail to send, retried on its own schedule (an SMTP outage can last hours). */
export const EMAILS_QUEUE = 'emails';
/** One job per live-or-down check of a project's hosted address (docs/operations.md "Liveness"). */
export const LIVENESS_QUEUE = 'liveness';
/** One job per webhook delivery and round, retried with backoff (docs/api.md "Webhooks"). */
export const WEBHOOKS_QUEUE = 'webhooks';
/**
 * Every queue: the worker runs one BullMQ worker on each (worker/src/index.ts) and the queue board
 * shows them all (api/src/queue-board.ts).
 */
export const QUEUE_NAMES = [EVENTS_QUEUE, TASKS_QUEUE, EMAILS_QUEUE, LIVENESS_QUEUE, WEBHOOKS_QUEUE] as const;
/** The name of one of our queues. */
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Retries of an event job: its handlers are idempotent, so a retry is always safe. */
const EVENT_ATTEMPTS = 8;
/** First retry delay of an event job, doubled on each attempt (about 4 minutes in all). */
const EVENT_BACKOFF_MS = 1000;
/**
 * Finished event jobs are kept this long: while one is kept, adding the same event again (the relay
 * racing the API) is a no-op, because BullMQ ignores a job id it already holds.
 */
const KEEP_FINISHED_SECONDS = 24 * 3600;

/** The BullMQ queue prefix of a deployment (every key of ours starts with config.redisPrefix). */
export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}bull`;
}

/**
 * The job id of an event. BullMQ refuses integer custom ids ("Custom Id cannot be integers") and
 * colons, hence the word in front.
 */
export function eventJobId(id: number): string {
  return `event-${id}`;
}

/** One event as a job of the events queue: named after the event, job id from its outbox id. */
export function eventJob(event: StoredEvent): { name: string; data: StoredEvent; opts: JobsOptions } {
  return {
    name: event.name,
    data: event,
    opts: {
      jobId: eventJobId(event.id),
      attempts: EVENT_ATTEMPTS,
      backoff: { type: 'exponential', delay: EVENT_BACKOFF_MS },
      removeOnComplete: { age: KEEP_FINISHED_SECONDS, count: 10_000 },
      removeOnFail: { age: 7 * KEEP_FINISHED_SECONDS },
    },
  };
}
