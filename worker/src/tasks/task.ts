import type { z } from 'zod';
import type { WorkerContext } from '../context';

/**
 * What a run answers when it found nothing to do (a relay with no unpublished event, a prune with
 * nothing to delete): its job is logged at `debug`, not `info` (job-log.ts), so a recurring job that
 * runs every few seconds does not fill the log with lines that say nothing.
 */
export const IDLE = 'idle';
export type JobResult = typeof IDLE | void;

/**
 * An explicit job: a name, the schema its data is parsed with when it starts,
 * and what it does. Tasks are idempotent: a retry or a duplicate changes nothing more.
 */
export interface Task<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  run(ctx: WorkerContext, data: z.infer<S>): Promise<JobResult>;
}

/** Declares a task with its data type inferred from the schema. */
export function defineTask<S extends z.ZodType>(task: Task<S>): Task<S> {
  return task;
}
