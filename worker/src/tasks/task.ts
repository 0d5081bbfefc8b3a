import type { z } from 'zod';
import type { WorkerContext } from '../context';

/**
 * An explicit job: a name, the schema its data is parsed with when it starts,
 * and what it does. Tasks are idempotent: a retry or a duplicate changes nothing more.
 */
export interface Task<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  run(ctx: WorkerContext, data: z.infer<S>): Promise<void>;
}

/** Declares a task with its data type inferred from the schema. */
export function defineTask<S extends z.ZodType>(task: Task<S>): Task<S> {
  return task;
}
