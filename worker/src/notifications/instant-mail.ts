import { z } from 'zod';
import { makeNotificationQueries, type DeliveredRow, type NotificationNews } from '@vitrine/db/queries/notifications';
import { unsubscribeToken } from '@vitrine/runtime/unsubscribe-token';
import { MAILING_MODES } from '@vitrine/domain/notifications';
import type { WorkerContext } from '../context';
import { NotificationEmail } from '../emails/notification-email';
import { JOB } from '../job-names';
import { defineMailTask, NO_EVENT } from '../tasks/mail-task';

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

/** The key of a mail: BullMQ job ids refuse colons. */
export const mailKey = (parts: Array<string | number>) => parts.join('-').replace(/:/g, '_');

/**
 * Sends one notification mail once (sent_emails by its key): the rows still unread and not mailed
 * (of the kinds the member gets by mail) at the address confirmed now; nothing left, no mail. The
 * rows are marked mailed, so a digest does not repeat an instant mail.
 */
export const SendNotificationMailTask = defineMailTask({
  name: JOB.sendNotificationMail,
  schema,
  sentAs: (data) => ({ eventId: NO_EVENT, kind: data.key, key: data.key }),
  async render(ctx, data) {
    const notifications = makeNotificationQueries(ctx.sql);
    const found = await notifications.mailFor(data.userId, { ids: data.ids, limit: DIGEST_MAX_ROWS });
    if (!found || found.rows.length === 0) return null;
    const mail = NotificationEmail(found, found.rows, data.mode, {
      siteName: ctx.config.siteName,
      siteUrl: ctx.config.siteUrl,
      unsubscribeToken: unsubscribeToken(data.userId, ctx.config.sessionSecret),
    });
    return { mail, alsoRecord: () => notifications.markEmailed(found.rows.map((row) => row.id)) };
  },
});

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
      SendNotificationMailTask.job(ctx, {
        userId,
        mode: 'instant',
        ids: [byUser.get(userId)!],
        key: mailKey(['notify', news.key, userId]),
      }),
    ),
  );
}
