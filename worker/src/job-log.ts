import { Queue, type Job } from 'bullmq';
import type { Logger } from '@vitrine/runtime/logger';
import { currentReqId, withRequestContext } from '@vitrine/runtime/request-context';
import { IDLE, type JobResult } from './tasks/task';

/** How a job ended, as its log line and its duration metric say. */
export type JobOutcome = 'completed' | 'failed';

/** Told of each finished job (the metrics, worker/src/metrics.ts). */
export type JobObserver = (queue: string, job: Job, outcome: JobOutcome, seconds: number) => void;

/** The request id a job carries (`data.reqId`: an event's, or one a job added while it ran). */
export function jobReqId(job: Job): string | undefined {
  const reqId = (job.data as { reqId?: unknown } | null)?.reqId;
  return typeof reqId === 'string' ? reqId : undefined;
}

/**
 * Wraps a queue's processor: runs each job with its request id as the current one (its log lines
 * carry it, and the jobs it adds through a RequestIdQueue inherit it), then logs one line with the
 * queue, job name, id, attempt and duration, and tells `observe`. The line is `info`, or `debug` when
 * the job found nothing to do (its processor answered IDLE: the outbox relay every few seconds with
 * nothing to relay, a prune with nothing to delete).
 */
export function loggedProcessor(
  queue: string,
  processor: (job: Job) => Promise<JobResult>,
  log: Logger,
  observe?: JobObserver,
): (job: Job) => Promise<void> {
  return async (job) => {
    const reqId = jobReqId(job);
    const run = async () => {
      const started = process.hrtime.bigint();
      const fields = () => ({
        queue,
        job: job.name,
        jobId: job.id,
        attempt: job.attemptsMade + 1,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      });
      try {
        const result = await processor(job);
        const done = fields();
        if (result === IDLE) log.debug(done, 'job completed: nothing to do');
        else log.info(done, 'job completed');
        observe?.(queue, job, 'completed', done.durationMs / 1000);
      } catch (err) {
        const failed = fields();
        log.warn({ ...failed, err }, 'job failed');
        observe?.(queue, job, 'failed', failed.durationMs / 1000);
        throw err;
      }
    };
    return reqId === undefined ? run() : withRequestContext({ reqId }, run);
  };
}

/** Adds the current request id (if any, and none is set) to a job's data. */
function withReqId<T>(data: T): T {
  const reqId = currentReqId();
  if (reqId === undefined || data === null || typeof data !== 'object' || 'reqId' in data) return data;
  return { ...data, reqId };
}

/**
 * A queue whose added jobs carry the request id of the job adding them (`data.reqId`): the mails and
 * recomputes an event leads to log the id of the request that caused the event. Task schemas drop
 * the extra key when they parse the data.
 */
export class RequestIdQueue extends Queue {
  override add(...args: Parameters<Queue['add']>): ReturnType<Queue['add']> {
    const [name, data, opts] = args;
    return super.add(name, withReqId(data), opts);
  }

  override addBulk(...args: Parameters<Queue['addBulk']>): ReturnType<Queue['addBulk']> {
    const [jobs] = args;
    return super.addBulk(jobs.map((job) => ({ ...job, data: withReqId(job.data) })));
  }
}
