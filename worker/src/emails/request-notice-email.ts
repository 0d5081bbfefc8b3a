import type { RequestNoticeRow } from '@vitrine/db/queries/emails';
import { REQUEST_STATUS_LABELS } from '@vitrine/domain/test-requests';
import type { OutgoingMail } from '../mailer';
import type { EmailContext } from './types';
import { noticeMail } from './notice-mail';

/** What happened on a test request: a tester joined, a tester sent feedback, the status moved. */
export type RequestNotice = 'joined' | 'feedback' | 'status';

/**
 * The email copy of a test-request notice (the same news as the live toast): to the owner when a
 * tester joins or sends feedback, to each tester when the status changes. Null when the recipient has
 * no address or turned email notices off in their settings.
 */
export function RequestNoticeEmail(
  row: RequestNoticeRow,
  notice: RequestNotice,
  { siteName }: EmailContext,
): Omit<OutgoingMail, 'key'> | null {
  if (!row.recipientEmail) return null;
  const actor = row.actorUsername ?? 'A tester';
  const news = {
    joined: {
      subject: `${actor} joined your test request "${row.title}"`,
      line: `${actor} joined your test request "${row.title}".`,
    },
    feedback: {
      subject: `New feedback on "${row.title}"`,
      line: `${actor} sent feedback on your test request "${row.title}".`,
    },
    status: {
      subject: `Test request "${row.title}" is now ${REQUEST_STATUS_LABELS[row.status].toLowerCase()}`,
      line: `The test request "${row.title}" you joined is now ${REQUEST_STATUS_LABELS[row.status].toLowerCase()}.`,
    },
  }[notice];
  return noticeMail({ email: row.recipientEmail, username: row.recipientUsername }, siteName, {
    ...news,
    where: `Open it under Test Requests on ${siteName} (request #${row.requestId}).`,
  });
}
