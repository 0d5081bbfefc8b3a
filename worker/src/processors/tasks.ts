import { UnrecoverableError, type Job } from 'bullmq';
import type { WorkerContext } from '../context';
import type { JobResult, Task } from '../tasks/task';

/** A processor running the task named by each job, with its data parsed by the task's schema. */
export function createTaskProcessor(ctx: WorkerContext, tasks: Task[]) {
  const byName = new Map(tasks.map((task) => [task.name, task]));
  return async (job: Job): Promise<JobResult> => {
    const task = byName.get(job.name);
    if (!task) throw new UnrecoverableError(`unknown task ${job.name}`);
    const data = task.schema.safeParse(job.data);
    if (!data.success) throw new UnrecoverableError(`bad data for ${job.name}: ${data.error.message}`);
    return task.run(ctx, data.data);
  };
}
