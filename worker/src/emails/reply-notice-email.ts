import type { EmailTemplate } from './types';

/** Tells a member with an email address that the administrators answered their message. */
export const ReplyNoticeEmail: EmailTemplate = (m, { siteName }) => {
  if (!m.recipientEmail) return null;
  return {
    to: m.recipientEmail,
    subject: `${siteName}: the administrators replied to you`,
    text: [
      `Hello ${m.recipientUsername ?? ''},`.replace(' ,', ','),
      '',
      `The ${siteName} administrators replied to your message.`,
      '',
      `Subject: ${m.subject}`,
      '',
      m.message,
      '',
      `You can read and answer it in Messages on ${siteName}.`,
    ].join('\n'),
  };
};
