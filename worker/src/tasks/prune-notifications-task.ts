import { z } from 'zod';
import { makeNotificationQueries } from '@vitrine/db/queries/notifications';
import { READ_NOTIFICATION_DAYS } from '@vitrine/domain/notifications';
import { JOB } from '../job-names';
import { defineTask, IDLE } from './task';

/** How often the scheduler prunes. */
export const PRUNE_NOTIFICATIONS_EVERY_MS = 3600_000;
/** Rows deleted per statement, so a prune never holds many locks at once. */
const PRUNE_BATCH = 5000;

/** Deletes notifications read more than READ_NOTIFICATION_DAYS ago (and as old delivery records), in batches. */
export const PruneNotificationsTask = defineTask({
  name: JOB.pruneNotifications,
  schema: z.object({}),
  async run(ctx) {
    const before = new Date(Date.now() - READ_NOTIFICATION_DAYS * 24 * 3600_000);
    const notifications = makeNotificationQueries(ctx.sql);
    let total = 0;
    for (;;) {
      const deleted = await notifications.pruneRead(before, PRUNE_BATCH);
      total += deleted;
      if (deleted < PRUNE_BATCH) break;
    }
    if (total === 0) return IDLE;
    ctx.log(`pruned ${total} read notification(s)`);
  },
});
