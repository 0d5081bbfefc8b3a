import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { makeEmailQueries } from '@vitrine/db/queries/emails';
import type { WorkerContext } from '../context';
import { HealthNoticeEmail } from '../emails/health-notice-email';
import { JOB } from '../job-names';
import { defineTask } from './task';
import { recordSent } from './send-email-task';
import { getsNotificationMail } from '../notifications/instant-mail';

const schema = z.object({
  eventId: z.number().int(),
  projectId: z.number().int(),
  recipientId: z.number().int(),
  notice: z.enum(['down', 'up']),
  since: z.string(),
});
/** The data of a send-health-notice job. */
export type HealthNoticeData = z.infer<typeof schema>;

/** The mail's kind in sent_emails: one per recipient of an event. */
const kindOf = (data: HealthNoticeData) => `health-${data.notice}-${data.recipientId}`;
/** The name of one notice mail (BullMQ job ids refuse colons). */
export const healthNoticeKey = (data: HealthNoticeData) => `event-${data.eventId}-${kindOf(data)}`;

/** A send-health-notice job: one per mail, retried with exponential backoff while SMTP is down. */
export function healthNoticeJob(
  ctx: WorkerContext,
  data: HealthNoticeData,
): { name: string; data: HealthNoticeData; opts: JobsOptions } {
  return {
    name: JOB.sendHealthNotice,
    data,
    opts: {
      jobId: healthNoticeKey(data),
      attempts: ctx.settings.emailAttempts,
      backoff: { type: 'exponential', delay: ctx.settings.emailBackoffMs },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    },
  };
}

/**
 * Mails the owner once that their project went down or came back up (SendEmailTask's bookkeeping:
 * sent_emails makes a retry or a duplicate job a no-op). A gone project or recipient ends quietly. An
 * owner who gets project-health news by instant notification mail hears of it there only (one mail per event).
 */
export const SendHealthNoticeTask = defineTask({
  name: JOB.sendHealthNotice,
  schema,
  async run(ctx, data) {
    const emails = makeEmailQueries(ctx.sql);
    const kind = kindOf(data);
    if (await emails.wasSent(data.eventId, kind)) return;
    if (await getsNotificationMail(ctx, data.recipientId, 'projectHealth')) return;
    const row = await emails.findProjectNotice(data.projectId, data.recipientId);
    if (!row) return;
    const mail = HealthNoticeEmail(row, data.notice, data.since, {
      siteName: ctx.config.siteName,
      adminEmail: ctx.config.adminEmail,
      siteUrl: ctx.config.siteUrl,
    });
    if (!mail) return;
    await ctx.mailer.send({ ...mail, key: healthNoticeKey(data) });
    await recordSent(() => emails.markSent(data.eventId, kind, mail.to));
  },
});
