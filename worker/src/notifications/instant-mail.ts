import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { makeEmailQueries } from '@vitrine/db/queries/emails';
import { makeNotificationQueries, type DeliveredRow, type NotificationNews } from '@vitrine/db/queries/notifications';
import { unsubscribeToken } from '@vitrine/runtime/unsubscribe-token';
import { MAILING_MODES } from '@vitrine/domain/notifications';
import type { WorkerContext } from '../context';
import { NotificationEmail } from '../emails/notification-email';
import { JOB } from '../job-names';
import { defineTask } from '../tasks/task';
import { recordSent } from '../tasks/send-email-task';

/** A digest lists at most this many notifications (the oldest unmailed first; the rest wait for the next). */
export const DIGEST_MAX_ROWS = 50;

const schema = z.object({
  userId: z.number().int(),
  mode: z.enum(MAILING_MODES),
  /** instant: the notification to mail; a digest takes every unread, unmailed one. */
  ids: z.array(z.number().int()).optional(),
  /** Names the mail (sent_emails, the job id and the Message-ID), so it goes out once. */
  key: z.string(),
});
/** The data of a send-notification-mail job. */
export type NotificationMailData = z.infer<typeof schema>;

/** sent_emails rows of notification mails carry no event: their `kind` is the mail's key. */
const NO_EVENT = 0;

/** A send-notification-mail job, retried with exponential backoff while SMTP is down. */
export function notificationMailJob(ctx: WorkerContext, data: NotificationMailData) {
  const opts: JobsOptions = {
    jobId: data.key,
    attempts: ctx.settings.emailAttempts,
    backoff: { type: 'exponential', delay: ctx.settings.emailBackoffMs },
    removeOnComplete: { age: 24 * 3600 },
    removeOnFail: { age: 30 * 24 * 3600 },
  };
  return { name: JOB.sendNotificationMail, data, opts };
}

/** The key of a mail: BullMQ job ids refuse colons. */
export const mailKey = (parts: Array<string | number>) => parts.join('-').replace(/:/g, '_');

/** Queues the instant mail of each written row whose recipient gets this kind at once, at a confirmed address. */
export async function enqueueInstantMails(
  ctx: WorkerContext,
  news: NotificationNews,
  written: DeliveredRow[],
): Promise<void> {
  const byUser = new Map(written.map((row) => [row.userId, row.id]));
  const recipients = await makeNotificationQueries(ctx.sql).mailRecipients([...byUser.keys()], news.kind, ['instant']);
  if (recipients.length === 0) return;
  await ctx.queues.emails.addBulk(
    recipients.map((userId) =>
      notificationMailJob(ctx, {
        userId,
        mode: 'instant',
        ids: [byUser.get(userId)!],
        key: mailKey(['notify', news.key, userId]),
      }),
    ),
  );
}

/**
 * Sends one notification mail once (sent_emails by its key): the rows still unread and not mailed
 * (of the kinds the member gets by mail) at the address confirmed now; nothing left, no mail. The
 * rows are marked mailed, so a digest does not repeat an instant mail.
 */
export const SendNotificationMailTask = defineTask({
  name: JOB.sendNotificationMail,
  schema,
  async run(ctx, data) {
    const emails = makeEmailQueries(ctx.sql);
    if (await emails.wasSent(NO_EVENT, data.key)) return;
    const notifications = makeNotificationQueries(ctx.sql);
    const found = await notifications.mailFor(data.userId, { ids: data.ids, limit: DIGEST_MAX_ROWS });
    if (!found || found.rows.length === 0) return;
    const mail = NotificationEmail(found, found.rows, data.mode, {
      siteName: ctx.config.siteName,
      siteUrl: ctx.config.siteUrl,
      unsubscribeToken: unsubscribeToken(data.userId, ctx.config.sessionSecret),
    });
    await ctx.mailer.send({ ...mail, key: data.key });
    await recordSent(async () => {
      await notifications.markEmailed(found.rows.map((row) => row.id));
      await emails.markSent(NO_EVENT, data.key, mail.to);
    });
  },
});
