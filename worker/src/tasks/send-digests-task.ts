import { z } from 'zod';
import { makeNotificationQueries } from '@vitrine/db/queries/notifications';
import { DIGEST_MODES, type DigestMode } from '@vitrine/domain/notifications';
import { JOB } from '../job-names';
import { mailKey, SendNotificationMailTask } from '../notifications/instant-mail';
import { defineTask, IDLE } from './task';

/** Members queued per batch of a digest run. */
const DIGEST_BATCH = 500;
/** How often each digest runs (BullMQ job schedulers: one schedule per deployment). */
export const DIGEST_EVERY_MS = { daily: 24 * 3600_000, weekly: 7 * 24 * 3600_000 } as const satisfies Record<
  DigestMode,
  number
>;

/**
 * A digest run: queues one digest mail for each member on this digest with a confirmed address and
 * unread news not mailed yet, a batch of members at a time. The mail's key names the member and the
 * run's day, so a run repeated that day mails nobody twice.
 */
export const SendDigestsTask = defineTask({
  name: JOB.sendDigests,
  schema: z.object({ mode: z.enum(DIGEST_MODES) }),
  async run(ctx, { mode }) {
    const notifications = makeNotificationQueries(ctx.sql);
    const day = new Date().toISOString().slice(0, 10);
    let after = 0;
    for (;;) {
      const batch = await notifications.digestRecipients(mode, after, DIGEST_BATCH);
      // No recipient at all: nothing was done.
      if (batch.length === 0) return after === 0 ? IDLE : undefined;
      await ctx.queues.emails.addBulk(
        batch.map((userId) =>
          SendNotificationMailTask.job(ctx, { userId, mode, key: mailKey(['digest', mode, userId, day]) }),
        ),
      );
      after = batch[batch.length - 1]!;
    }
  },
});
