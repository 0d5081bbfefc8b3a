import { z } from 'zod';
import { makeEmailQueries } from '@vitrine/db/queries/emails';
import { ContactAdminEmail } from '../emails/contact-admin-email';
import { ContactCopyEmail } from '../emails/contact-copy-email';
import type { EmailKind, EmailTemplate } from '../emails/types';
import { JOB } from '../job-names';
import { defineMailTask } from './mail-task';

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

/**
 * Sends one mail of a contact message once, named by the event it comes from and its kind. A message
 * that is gone, or a mail with nobody to go to, ends quietly.
 */
export const SendEmailTask = defineMailTask({
  name: JOB.sendEmail,
  schema,
  sentAs: (data) => ({ eventId: data.eventId, kind: data.kind, key: `event-${data.eventId}-${data.kind}` }),
  async render(ctx, data) {
    const message = await makeEmailQueries(ctx.sql).findMessageForEmail(data.messageId);
    if (!message) return null;
    const mail = TEMPLATES[data.kind](message, { siteName: ctx.config.siteName, adminEmail: ctx.config.adminEmail });
    return mail && { mail };
  },
});
