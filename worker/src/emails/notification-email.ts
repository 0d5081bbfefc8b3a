import type { NotificationRow } from '@vitrine/db/queries/notifications';
import { notificationText, type MailingMode } from '@vitrine/domain/notifications';
import type { OutgoingMail } from '../mailer';

/** What a notification mail needs besides its rows. */
export interface NotificationMailContext {
  siteName: string;
  siteUrl: string;
  /** The member's signed unsubscribe token (runtime/src/unsubscribe-token.ts). */
  unsubscribeToken: string;
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
  const token = encodeURIComponent(ctx.unsubscribeToken);
  // The text's link opens a page that asks first (mail scanners open links); the header is the
  // one-click POST a mail client sends itself (RFC 8058). Both are served by the API (app.ts).
  const pageUrl = `${ctx.siteUrl}/unsubscribe?token=${token}`;
  const oneClickUrl = `${ctx.siteUrl}/api/unsubscribe?token=${token}`;
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
      `Stop these mails: ${pageUrl}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
