import { z } from 'zod';
import { makeEmailConfirmationQueries } from '@vitrine/db/queries/email-confirmations';
import { hashToken, newToken } from '@vitrine/db/tokens';
import { ConfirmEmailEmail } from '../emails/confirm-email-email';
import { JOB } from '../job-names';
import { defineMailTask } from './mail-task';

const schema = z.object({ eventId: z.number().int(), confirmationId: z.number().int() });
/** The data of a send-confirmation job. */
export type ConfirmationData = z.infer<typeof schema>;

/** The mail's kind in sent_emails (one per email.confirmationRequested event). */
const KIND = 'email-confirm';
/** The web page that follows a link (web/src/pages/confirm-email.tsx). */
const CONFIRM_PATH = '/confirm-email';
/** How long links work, as the mail says (the API sets the expiry: 24 hours). */
const VALID_HOURS = 24;

/**
 * Mails a confirmation link once. The token is made here, right before the mail: only its hash is
 * stored (on the confirmation row), so neither the outbox nor the queue ever holds a working link. A
 * used, expired or gone confirmation ends quietly.
 */
export const SendConfirmationTask = defineMailTask({
  name: JOB.sendConfirmation,
  schema,
  sentAs: (data) => ({ eventId: data.eventId, kind: KIND, key: `event-${data.eventId}-${KIND}` }),
  async render(ctx, data) {
    const token = newToken();
    const row = await makeEmailConfirmationQueries(ctx.sql).armConfirmation(data.confirmationId, hashToken(token));
    if (!row) return null;
    const link = `${ctx.config.siteUrl}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
    const mail = ConfirmEmailEmail(row.email, link, row.userId !== null ? 'account' : 'contactCopy', {
      siteName: ctx.config.siteName,
      validHours: VALID_HOURS,
    });
    return { mail };
  },
});
