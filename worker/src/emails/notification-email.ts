import type { NotificationRow } from '@vitrine/db/queries/notifications';
import { notificationText, type MailingMode } from '@vitrine/domain/notifications';
import type { OutgoingMail } from '../mailer';

/** What a notification mail needs besides its rows. */
export interface NotificationMailContext {
  siteName: string;
  siteUrl: string;
  /** The one-click unsubscribe address (POST, RFC 8058), with its signed token. */
  unsubscribeUrl: string;
}

/**
 * A notification mail: one notification at once (`instant`) or the unread news of a day or week (a
 * digest), each line with its link, and the List-Unsubscribe headers of a one-click unsubscribe.
 */
export function NotificationEmail(
  to: { email: string; username: string },
  rows: NotificationRow[],
  mode: MailingMode,
  ctx: NotificationMailContext,
): Omit<OutgoingMail, 'key'> {
  const lines = rows.map((row) => `- ${notificationText(row)}\n  ${ctx.siteUrl}${row.url}`);
  const subject =
    mode === 'instant'
      ? notificationText(rows[0]!)
      : `Your ${mode} digest: ${rows.length} ${rows.length === 1 ? 'notification' : 'notifications'}`;
  return {
    to: to.email,
    subject: `${ctx.siteName}: ${subject}`,
    text: [
      `Hello ${to.username},`,
      '',
      ...lines,
      '',
      `All your notifications: ${ctx.siteUrl}/notifications`,
      '',
      `Choose which notifications are mailed, and how often, in Settings on ${ctx.siteName}: ${ctx.siteUrl}/settings`,
      `Stop these mails: ${ctx.unsubscribeUrl}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${ctx.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
