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
 * Project `id`'s next check after `now`: its spot in the current interval (intervals counted from the
 * epoch, so every run and every worker agrees on them) or, once that has passed, in the next. `key`
 * names the interval: whoever enqueues that check (a run of ScheduleChecksTask, or a new project's
 * event) gives it the same job id, so it is added once.
 */
export function nextCheck(id: number, intervalMs: number, now: number): { key: string; delayMs: number } {
  const slot = Math.floor(now / intervalMs);
  const offset = checkOffsetMs(id, intervalMs);
  const next = slot * intervalMs + offset > now ? slot : slot + 1;
  return { key: String(next), delayMs: next * intervalMs + offset - now };
}

/**
 * Once per interval (LIVENESS_INTERVAL_SECONDS, a job scheduler): a delayed check job for every
 * visible project at its next spot (nextCheck), so each is checked once per interval whenever the
 * run happens; the job ids name the interval, so a repeated run adds none twice. Then drops the
 * checks older than the history window. Does nothing while the checks are off.
 */
export const ScheduleChecksTask = defineTask({
  name: JOB.scheduleChecks,
  schema: z.object({}),
  async run(ctx) {
    if (!ctx.config.liveness.enabled) return;
    const intervalMs = ctx.config.liveness.intervalSeconds * 1000;
    const now = Date.now();
    const health = makeProjectHealthQueries(ctx.sql);
    for (let after = 0; ;) {
      const targets = await health.listTargets(after, SCHEDULE_BATCH);
      if (targets.length === 0) break;
      await ctx.queues.liveness.addBulk(
        targets.map((t) => {
          const next = nextCheck(t.id, intervalMs, now);
          return checkJob(t.id, next.key, next.delayMs);
        }),
      );
      after = targets[targets.length - 1]!.id;
    }
    while ((await health.pruneChecks()) > 0);
  },
});
