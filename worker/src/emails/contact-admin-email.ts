import type { EmailTemplate } from './types';

/** An email-mode contact message, forwarded to ADMIN_EMAIL; replying answers the sender directly. */
export const ContactAdminEmail: EmailTemplate = (m, { siteName, adminEmail }) => {
  if (!adminEmail) return null;
  const senderEmail = m.givenSenderEmail ?? m.senderAccountEmail;
  const sender = [m.senderName ?? m.senderUsername ?? 'Anonymous', senderEmail ? `<${senderEmail}>` : '']
    .filter(Boolean)
    .join(' ');
  return {
    to: adminEmail,
    replyTo: senderEmail ?? undefined,
    subject: `[${siteName}] Contact: ${m.subject}`,
    text: [
      `New message from the ${siteName} contact form (email contact).`,
      '',
      `From: ${sender}${m.senderUsername ? ` (member ${m.senderUsername})` : ''}`,
      `Subject: ${m.subject}`,
      '',
      m.message,
      '',
      'It is also in the Messages tab of the admin dashboard.',
    ].join('\n'),
  };
};
