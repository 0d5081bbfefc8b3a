import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { JOB } from '../job-names';
import { checkProject } from '../liveness/checker';
import { defineTask } from './task';

/** A check-project job of the liveness queue; `key` names it (a second job of the same key is ignored). */
export function checkJob(
  projectId: number,
  key: string,
  delayMs = 0,
): { name: string; data: { projectId: number }; opts: JobsOptions } {
  return {
    name: JOB.checkProject,
    data: { projectId },
    opts: { jobId: `check-${projectId}-${key}`, delay: delayMs, removeOnComplete: true, removeOnFail: { count: 1000 } },
  };
}

/** Checks one project's hosted address (worker/src/liveness/checker.ts). A check is never retried: the next one comes. */
export const CheckProjectTask = defineTask({
  name: JOB.checkProject,
  schema: z.object({ projectId: z.number().int() }),
  async run(ctx, data) {
    await checkProject(ctx, data.projectId);
  },
});
