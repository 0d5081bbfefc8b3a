import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { makeEmailQueries } from '@vitrine/db/queries/emails';
import type { WorkerContext } from '../context';
import { RequestNoticeEmail } from '../emails/request-notice-email';
import { JOB } from '../job-names';
import { defineTask } from './task';
import { recordSent } from './send-email-task';
import { getsNotificationMail } from '../notifications/instant-mail';

const schema = z.object({
  eventId: z.number().int(),
  requestId: z.number().int(),
  recipientId: z.number().int(),
  /** Who acted (the tester who joined or sent feedback); null for a status change. */
  actorId: z.number().int().nullable(),
  notice: z.enum(['joined', 'feedback', 'status']),
});
/** The data of a send-request-notice job. */
export type RequestNoticeData = z.infer<typeof schema>;

/** The notification kind telling the same news (worker/src/notifications/fan-out.ts). */
const NEWS_KIND = { joined: 'testerJoined', feedback: 'feedbackPosted', status: 'requestStatus' } as const;

/** The mail's kind in sent_emails: one per notice and recipient of an event (a status change mails every tester). */
const kindOf = (data: RequestNoticeData) => `request-${data.notice}-${data.recipientId}`;
/** The name of one notice mail (BullMQ job ids refuse colons). */
export const requestNoticeKey = (data: RequestNoticeData) => `event-${data.eventId}-${kindOf(data)}`;

/** A send-request-notice job: one per mail, retried with exponential backoff while SMTP is down. */
export function requestNoticeJob(
  ctx: WorkerContext,
  data: RequestNoticeData,
): { name: string; data: RequestNoticeData; opts: JobsOptions } {
  return {
    name: JOB.sendRequestNotice,
    data,
    opts: {
      jobId: requestNoticeKey(data),
      attempts: ctx.settings.emailAttempts,
      backoff: { type: 'exponential', delay: ctx.settings.emailBackoffMs },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    },
  };
}

/**
 * Sends the email copy of a test-request notice once, with SendEmailTask's bookkeeping.
 * The recipient's address and their email-notice setting are read when the mail goes out, so turning
 * notices off stops mails still queued; a gone request or recipient ends quietly. A recipient who gets
 * this news by instant notification mail hears of it there only (one mail per event).
 */
export const SendRequestNoticeTask = defineTask({
  name: JOB.sendRequestNotice,
  schema,
  async run(ctx, data) {
    const emails = makeEmailQueries(ctx.sql);
    const kind = kindOf(data);
    if (await emails.wasSent(data.eventId, kind)) return;
    const row = await emails.findRequestNotice(data.requestId, data.recipientId, data.actorId);
    if (!row) return;
    // The notification mail tells of a visible request's news (worker/src/notifications/fan-out.ts).
    if (!row.isHidden && (await getsNotificationMail(ctx, data.recipientId, NEWS_KIND[data.notice]))) return;
    const mail = RequestNoticeEmail(row, data.notice, {
      siteName: ctx.config.siteName,
      adminEmail: ctx.config.adminEmail,
    });
    if (!mail) return;
    await ctx.mailer.send({ ...mail, key: requestNoticeKey(data) });
    await recordSent(() => emails.markSent(data.eventId, kind, mail.to));
  },
});
