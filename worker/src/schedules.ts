import type { JobsOptions, Queue } from 'bullmq';
import type { Config } from '@vitrine/runtime/config';
import { DIGEST_MODES } from '@vitrine/domain/notifications';
import type { WorkerSettings } from './context';
import { JOB, type JobName } from './job-names';
import { FOLD_STATS_EVERY_MS, REFOLD_VOTE_DAYS, REFOLD_VOTES_EVERY_MS } from './tasks/fold-stats-task';
import { PRUNE_OUTBOX_EVERY_MS } from './tasks/prune-outbox-task';
import { DIGEST_EVERY_MS } from './tasks/send-digests-task';
import { PRUNE_NOTIFICATIONS_EVERY_MS } from './tasks/prune-notifications-task';

/** A recurring job of the tasks queue: one BullMQ job scheduler per deployment, whatever the worker count. */
export interface Schedule {
  /** The scheduler's id (one schedule of that id in Redis). */
  id: string;
  /** How often it queues its job. */
  every: number;
  /** The job it queues and that job's data. */
  job: JobName;
  data: Record<string, unknown>;
  /** Off: the scheduler is removed (a setting switched it off since it was registered). */
  on?: boolean;
}

/** The options of every scheduled job: a run leaves nothing behind, the last failures stay for the queue board. */
export const SCHEDULED_JOB_OPTIONS: JobsOptions = { removeOnComplete: true, removeOnFail: 100 };

/** Every recurring job, with the settings and configuration in force. */
export function schedules(settings: WorkerSettings, config: Config): Schedule[] {
  return [
    // The live-or-down checks run only where LIVENESS_ENABLED=1 (docs/operations.md "Liveness").
    {
      id: 'schedule-checks',
      every: config.liveness.intervalSeconds * 1000,
      job: JOB.scheduleChecks,
      data: {},
      on: config.liveness.enabled,
    },
    { id: 'refresh-trending', every: settings.trendingEveryMs, job: JOB.refreshBoards, data: { group: 'trending' } },
    {
      id: 'refresh-leaderboards',
      every: settings.leaderboardsEveryMs,
      job: JOB.refreshBoards,
      data: { group: 'leaderboards' },
    },
    { id: 'prune-outbox', every: PRUNE_OUTBOX_EVERY_MS, job: JOB.pruneOutbox, data: {} },
    { id: 'prune-notifications', every: PRUNE_NOTIFICATIONS_EVERY_MS, job: JOB.pruneNotifications, data: {} },
    ...DIGEST_MODES.map((mode) => ({
      id: `digest-${mode}`,
      every: DIGEST_EVERY_MS[mode],
      job: JOB.sendDigests,
      data: { mode },
    })),
    { id: 'integrity-scan', every: settings.integrityScanEveryMs, job: JOB.integrityScan, data: {} },
    { id: 'fold-stats', every: FOLD_STATS_EVERY_MS, job: JOB.foldStats, data: { voteDays: 2 } },
    {
      id: 'refold-stats-votes',
      every: REFOLD_VOTES_EVERY_MS,
      job: JOB.foldStats,
      data: { voteDays: REFOLD_VOTE_DAYS },
    },
    { id: 'relay-outbox', every: settings.relayEveryMs, job: JOB.relayOutbox, data: {} },
  ];
}

/** Registers (or, switched off, removes) every schedule of `schedules` on the tasks queue. */
export async function registerSchedules(tasks: Queue, list: Schedule[]): Promise<void> {
  for (const schedule of list) {
    if (schedule.on === false) await tasks.removeJobScheduler(schedule.id);
    else
      await tasks.upsertJobScheduler(
        schedule.id,
        { every: schedule.every },
        { name: schedule.job, data: schedule.data, opts: SCHEDULED_JOB_OPTIONS },
      );
  }
}
