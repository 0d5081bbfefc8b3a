import type { OutgoingMail } from '../mailer';

/**
 * A notice copy to a member with a confirmed address: the greeting, what happened, where to look,
 * and why they get it (the wording every notice copy shares).
 */
export function noticeMail(
  to: { email: string; username: string },
  siteName: string,
  news: { subject: string; line: string; where: string },
): Omit<OutgoingMail, 'key'> {
  return {
    to: to.email,
    subject: `${siteName}: ${news.subject}`,
    text: [
      `Hello ${to.username},`,
      '',
      news.line,
      '',
      news.where,
      '',
      `You get these copies because your profile has a confirmed email address. Turn them off in Settings on ${siteName}.`,
    ].join('\n'),
  };
}
