import type { VisitorReplyRow } from '@vitrine/db/queries/visitor-replies';
import type { OutgoingMail } from '../mailer';
import type { EmailContext } from './types';

/**
 * An admin's answer to a visitor's contact message, to the address the visitor wrote from:
 * the subject the admin sent (the dialog proposes 'Re: <subject>'), the reply, then the original quoted. Replying to the mail
 * reaches ADMIN_EMAIL when it is set.
 */
export function VisitorReplyEmail(
  reply: VisitorReplyRow,
  { siteName, adminEmail }: EmailContext,
): Omit<OutgoingMail, 'key'> {
  const quoted = `${reply.originalSubject}\n\n${reply.originalMessage}`
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
  return {
    to: reply.toEmail,
    replyTo: adminEmail ?? undefined,
    subject: reply.subject,
    text: [
      reply.message,
      '',
      `-- The ${siteName} administrators`,
      '',
      `You wrote on the ${siteName} contact form:`,
      '',
      quoted,
    ].join('\n'),
  };
}
