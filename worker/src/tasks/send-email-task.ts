import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { makeEmailQueries } from '@vitrine/db/queries/emails';
import { isDatabaseUnavailable } from '@vitrine/db/unavailable';
import type { WorkerContext } from '../context';
import { ContactAdminEmail } from '../emails/contact-admin-email';
import { ContactCopyEmail } from '../emails/contact-copy-email';
import type { EmailKind, EmailTemplate } from '../emails/types';
import { JOB } from '../job-names';
import { defineTask } from './task';

const TEMPLATES: Record<EmailKind, EmailTemplate> = {
  'contact-copy': ContactCopyEmail,
  'contact-admin': ContactAdminEmail,
};

const schema = z.object({
  eventId: z.number().int(),
  messageId: z.number().int(),
  kind: z.enum(['contact-copy', 'contact-admin']),
});
/** The data of a send-email job. */
export type SendEmailData = z.infer<typeof schema>;

/** Once the SMTP server took a mail, how long its record waits for an unreachable database. */
const RECORD_PATIENCE_MS = 60_000;
/** Pause between attempts at that record. */
const RECORD_RETRY_MS = 500;

/**
 * Records a mail the SMTP server accepted, waiting out a database outage (a restart takes seconds):
 * were the record dropped, the job's retry would send the mail a second time. Any other error, or an
 * outage longer than RECORD_PATIENCE_MS, still fails the job.
 */
export async function recordSent(record: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + RECORD_PATIENCE_MS;
  for (;;) {
    try {
      return await record();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
    }
  }
}

/** The name of one mail: the event it comes from and its kind (BullMQ job ids refuse colons). */
export const emailKey = (data: SendEmailData) => `event-${data.eventId}-${data.kind}`;

/** A send-email job: one per mail, retried with exponential backoff while SMTP is down. */
export function emailJob(
  ctx: WorkerContext,
  data: SendEmailData,
): { name: string; data: SendEmailData; opts: JobsOptions } {
  return {
    name: JOB.sendEmail,
    data,
    opts: {
      jobId: emailKey(data),
      attempts: ctx.settings.emailAttempts,
      backoff: { type: 'exponential', delay: ctx.settings.emailBackoffMs },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    },
  };
}

/**
 * Sends one mail once. sent_emails is checked before and written after the SMTP server accepts it
 * (through a database outage, see recordSent), so a retry, a relayed duplicate or a second worker
 * never sends it again. (Only a crash between the server's acceptance and that write could repeat
 * it; the Message-ID stays the same then.)
 * A message that is gone, or a mail with nobody to go to, ends quietly.
 */
export const SendEmailTask = defineTask({
  name: JOB.sendEmail,
  schema,
  async run(ctx, data) {
    const emails = makeEmailQueries(ctx.sql);
    if (await emails.wasSent(data.eventId, data.kind)) return;
    const message = await emails.findMessageForEmail(data.messageId);
    if (!message) return;
    const mail = TEMPLATES[data.kind](message, { siteName: ctx.config.siteName, adminEmail: ctx.config.adminEmail });
    if (!mail) return;
    await ctx.mailer.send({ ...mail, key: emailKey(data) });
    await recordSent(() => emails.markSent(data.eventId, data.kind, mail.to));
  },
});
