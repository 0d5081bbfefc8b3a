import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { makeEmailQueries } from '@vitrine/db/queries/emails';
import { makeEmailConfirmationQueries } from '@vitrine/db/queries/email-confirmations';
import { hashToken, newToken } from '@vitrine/db/tokens';
import type { WorkerContext } from '../context';
import { ConfirmEmailEmail } from '../emails/confirm-email-email';
import { JOB } from '../job-names';
import { defineTask } from './task';
import { recordSent } from './send-email-task';

const schema = z.object({ eventId: z.number().int(), confirmationId: z.number().int() });
/** The data of a send-confirmation job. */
export type ConfirmationData = z.infer<typeof schema>;

/** The mail's kind in sent_emails (one per email.confirmationRequested event). */
const KIND = 'email-confirm';
/** The web page that follows a link (web/src/pages/confirm-email.tsx). */
const CONFIRM_PATH = '/confirm-email';
/** How long links work, as the mail says (the API sets the expiry: 24 hours). */
const VALID_HOURS = 24;

/** The name of one confirmation mail (BullMQ job ids refuse colons). */
export const confirmationKey = (data: ConfirmationData) => `event-${data.eventId}-${KIND}`;

/** A send-confirmation job: one per mail, retried with exponential backoff while SMTP is down. */
export function confirmationJob(
  ctx: WorkerContext,
  data: ConfirmationData,
): { name: string; data: ConfirmationData; opts: JobsOptions } {
  return {
    name: JOB.sendConfirmation,
    data,
    opts: {
      jobId: confirmationKey(data),
      attempts: ctx.settings.emailAttempts,
      backoff: { type: 'exponential', delay: ctx.settings.emailBackoffMs },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    },
  };
}

/**
 * Mails a confirmation link once, with SendEmailTask's bookkeeping. The token is made
 * here, right before the mail: only its hash is stored (on the confirmation row), so neither the
 * outbox nor the queue ever holds a working link. A used, expired or gone confirmation ends quietly.
 */
export const SendConfirmationTask = defineTask({
  name: JOB.sendConfirmation,
  schema,
  async run(ctx, data) {
    const emails = makeEmailQueries(ctx.sql);
    if (await emails.wasSent(data.eventId, KIND)) return;
    const token = newToken();
    const row = await makeEmailConfirmationQueries(ctx.sql).armConfirmation(data.confirmationId, hashToken(token));
    if (!row) return;
    const link = `${ctx.config.siteUrl}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
    const mail = ConfirmEmailEmail(row.email, link, row.userId !== null ? 'account' : 'contactCopy', {
      siteName: ctx.config.siteName,
      validHours: VALID_HOURS,
    });
    await ctx.mailer.send({ ...mail, key: confirmationKey(data) });
    await recordSent(() => emails.markSent(data.eventId, KIND, mail.to));
  },
});
