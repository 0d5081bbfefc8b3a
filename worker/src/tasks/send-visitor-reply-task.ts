import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { makeEmailQueries } from '@vitrine/db/queries/emails';
import { makeVisitorReplyQueries } from '@vitrine/db/queries/visitor-replies';
import type { WorkerContext } from '../context';
import { VisitorReplyEmail } from '../emails/visitor-reply-email';
import { JOB } from '../job-names';
import { defineTask } from './task';
import { recordSent } from './send-email-task';

const schema = z.object({ eventId: z.number().int(), replyId: z.number().int() });
/** The data of a send-visitor-reply job. */
export type VisitorReplyData = z.infer<typeof schema>;

/** The mail's kind in sent_emails. */
const KIND = 'visitor-reply';
/** The name of one reply mail (BullMQ job ids refuse colons). */
export const visitorReplyKey = (data: VisitorReplyData) => `event-${data.eventId}-${KIND}`;

/** A send-visitor-reply job, retried with exponential backoff while SMTP is down. */
export function visitorReplyJob(
  ctx: WorkerContext,
  data: VisitorReplyData,
): { name: string; data: VisitorReplyData; opts: JobsOptions } {
  return {
    name: JOB.sendVisitorReply,
    data,
    opts: {
      jobId: visitorReplyKey(data),
      attempts: ctx.settings.emailAttempts,
      backoff: { type: 'exponential', delay: ctx.settings.emailBackoffMs },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    },
  };
}

/**
 * Mails an admin's reply to a visitor once, with SendEmailTask's bookkeeping (sent_emails before and
 * after the SMTP server accepts it). A reply that is gone ends quietly.
 */
export const SendVisitorReplyTask = defineTask({
  name: JOB.sendVisitorReply,
  schema,
  async run(ctx, data) {
    const emails = makeEmailQueries(ctx.sql);
    if (await emails.wasSent(data.eventId, KIND)) return;
    const reply = await makeVisitorReplyQueries(ctx.sql).findReply(data.replyId);
    if (!reply) return;
    const mail = VisitorReplyEmail(reply, { siteName: ctx.config.siteName, adminEmail: ctx.config.adminEmail });
    await ctx.mailer.send({ ...mail, key: visitorReplyKey(data) });
    await recordSent(() => emails.markSent(data.eventId, KIND, mail.to));
  },
});
