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
 * What a mail says of a notification beyond its sentence: what the news means for the member, or the
 * text it is about (an admin's reply); null when the sentence says it all.
 */
export function notificationMailNote(row: Pick<NotificationRow, 'kind' | 'detail'>): string | null {
  switch (row.kind) {
    case 'projectHealth':
      return row.detail === 'down'
        ? 'It shows a "Down" badge and stays out of Trending until it answers again.'
        : 'The "Down" badge is gone.';
    case 'adminReply':
      return [row.detail, 'Read and answer it in Messages.'].filter(Boolean).join('\n\n');
    default:
      return null;
  }
}

/** One notification in a mail: its sentence, what it means, and its link. */
function mailLine(row: NotificationRow, siteUrl: string): string {
  const note = notificationMailNote(row)?.split('\n') ?? [];
  return [`- ${notificationText(row)}`, ...note, siteUrl + row.url].join('\n  ').replace(/ +$/gm, '');
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
  const lines = rows.map((row) => mailLine(row, ctx.siteUrl));
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
