import { z } from 'zod';
import { makeProjectHealthQueries } from '@vitrine/db/queries/project-health';
import { JOB } from '../job-names';
import { defineTask } from './task';
import { checkJob } from './check-project-task';

/** Projects read and enqueued per round trip. */
const SCHEDULE_BATCH = 1000;

/**
 * Where in the interval project `id` is checked: a fixed spot from a multiplicative hash of its id,
 * so the checks spread evenly over the interval and each project is checked once per interval.
 */
export function checkOffsetMs(id: number, intervalMs: number): number {
  return Math.floor(((Math.imul(id, 2654435761) >>> 0) / 2 ** 32) * intervalMs);
}

/**
 * Once per interval (LIVENESS_INTERVAL_SECONDS, a job scheduler): a delayed check job for every
 * visible project, spread over the interval; the job ids name the interval, so a repeated run adds
 * none twice. Then drops the checks older than the history window. Does nothing while the checks are off.
 */
export const ScheduleChecksTask = defineTask({
  name: JOB.scheduleChecks,
  schema: z.object({}),
  async run(ctx) {
    if (!ctx.config.liveness.enabled) return;
    const intervalMs = ctx.config.liveness.intervalSeconds * 1000;
    const now = Date.now();
    const slot = Math.floor(now / intervalMs);
    const health = makeProjectHealthQueries(ctx.sql);
    for (let after = 0; ;) {
      const targets = await health.listTargets(after, SCHEDULE_BATCH);
      if (targets.length === 0) break;
      await ctx.queues.liveness.addBulk(
        targets.map((t) => checkJob(t.id, String(slot), checkOffsetMs(t.id, intervalMs))),
      );
      after = targets[targets.length - 1]!.id;
    }
    while ((await health.pruneChecks()) > 0);
  },
});
