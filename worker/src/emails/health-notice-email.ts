import type { ProjectNoticeRow } from '@vitrine/db/queries/emails';
import { sitePaths } from '@vitrine/domain/site-paths';
import type { OutgoingMail } from '../mailer';
import type { EmailContext } from './types';
import { noticeMail } from './notice-mail';

/** What happened to the project's hosted address. */
export type HealthNotice = 'down' | 'up';

/**
 * The owner's mail when their project's hosted address stopped answering (down) or answers again
 * (up). Null when the owner has no confirmed address or turned email notices off.
 */
export function HealthNoticeEmail(
  row: ProjectNoticeRow,
  notice: HealthNotice,
  since: string,
  { siteName, siteUrl }: EmailContext & { siteUrl: string },
): Omit<OutgoingMail, 'key'> | null {
  if (!row.recipientEmail) return null;
  const when = new Date(since).toUTCString();
  const news = {
    down: {
      subject: `"${row.title}" is down`,
      line: `Your project "${row.title}" has not answered our checks since ${when}. It shows a "Down" badge and stays out of Trending until it answers again.`,
    },
    up: {
      subject: `"${row.title}" is back up`,
      line: `Your project "${row.title}" answers our checks again (since ${when}). The "Down" badge is gone.`,
    },
  }[notice];
  return noticeMail({ email: row.recipientEmail, username: row.recipientUsername }, siteName, {
    ...news,
    where: `See its uptime on ${siteUrl}${sitePaths.project(row.projectId)}`,
  });
}
