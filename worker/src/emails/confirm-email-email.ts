import type { OutgoingMail } from '../mailer';

/** Why an address is being confirmed: a member's profile address, or a visitor's contact copy. */
export type ConfirmPurpose = 'account' | 'contactCopy';

/**
 * The confirmation mail: the site's name, the link and how long it works, and nothing a
 * user typed (no name, subject or text), so it cannot carry anyone's message to a stranger.
 */
export function ConfirmEmailEmail(
  to: string,
  link: string,
  purpose: ConfirmPurpose,
  { siteName, validHours }: { siteName: string; validHours: number },
): Omit<OutgoingMail, 'key'> {
  const why =
    purpose === 'account'
      ? `This address was entered for an account on ${siteName}. Follow the link to confirm it is yours:`
      : `This address was entered on the ${siteName} contact form to receive a copy of a message. Follow the link to confirm it is yours and receive the copy:`;
  return {
    to,
    subject: `${siteName}: confirm your email address`,
    text: [
      'Hello,',
      '',
      why,
      '',
      link,
      '',
      `The link works once, for ${validHours} hours.`,
      '',
      `If this was not you, ignore this mail: nothing more will be sent to you.`,
      '',
      `-- ${siteName}`,
    ].join('\n'),
  };
}
