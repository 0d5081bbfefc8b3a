import type { EmailMessageRow } from '@vitrine/db/queries/emails';
import type { OutgoingMail } from '../mailer';

/** The kinds of mail the worker sends; with the event id they name a mail (sent once). */
export type EmailKind = 'contact-copy' | 'contact-admin';

/** What an email template may use besides the message. */
export interface EmailContext {
  siteName: string;
  adminEmail: string | null;
}

/** A template: the mail for a message, or null when it has nobody to go to. */
export type EmailTemplate = (message: EmailMessageRow, ctx: EmailContext) => Omit<OutgoingMail, 'key'> | null;
