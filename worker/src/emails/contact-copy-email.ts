import type { EmailTemplate } from './types';

/**
 * The copy a contact form's sender asked for ("Send me a copy via email"): to a member's confirmed
 * profile address, or to the address a visitor typed once its owner followed this message's
 * confirmation link; otherwise to nobody.
 */
export const ContactCopyEmail: EmailTemplate = (m, { siteName }) => {
  const to = m.senderUserId !== null ? m.senderAccountEmail : m.copyConfirmed ? m.givenSenderEmail : null;
  if (!to) return null;
  const recipient = m.recipientUserId === null ? `the ${siteName} administrators` : (m.recipientUsername ?? 'a user');
  return {
    to,
    subject: `Copy of your message: ${m.subject}`,
    text: [
      `Hello${m.senderName ? ` ${m.senderName}` : ''},`,
      '',
      `Here is a copy of the message you sent to ${recipient} on ${siteName}.`,
      '',
      `Subject: ${m.subject}`,
      '',
      m.message,
      '',
      `-- ${siteName}`,
    ].join('\n'),
  };
};
