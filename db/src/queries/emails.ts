import type { RequestStatus } from '@vitrine/domain/testRequests';
import type { Tx } from '../sql';

/** What the worker's emails need to know about one stored message. */
export interface EmailMessageRow {
  id: number;
  subject: string;
  message: string;
  senderUserId: number | null;
  senderUsername: string | null;
  /** The name typed in the contact form (a member's defaults to their username). */
  senderName: string | null;
  /** The address typed in the contact form, if any. */
  givenSenderEmail: string | null;
  /** The sender account's profile address, if any. */
  senderAccountEmail: string | null;
  recipientUserId: number | null;
  recipientUsername: string | null;
  recipientEmail: string | null;
  createdAt: Date;
}

/** What a test-request notice mail (issue 13) needs: the request, its recipient and who acted. */
export interface RequestNoticeRow {
  requestId: number;
  title: string;
  status: RequestStatus;
  recipientUsername: string;
  /** null when the recipient has no address or turned email notices off in their settings. */
  recipientEmail: string | null;
  actorUsername: string | null;
}

/** The worker's email bookkeeping (migration 0003) and the one read its emails make. */
export function makeEmailQueries(sql: Tx) {
  return {
    /** A message with its sender's and recipient's addresses, or undefined when it is gone. */
    async findMessageForEmail(id: number): Promise<EmailMessageRow | undefined> {
      const [row] = await sql<EmailMessageRow[]>`
        SELECT m.id, m.subject, m.message, m.sender_user_id, s.username AS sender_username, m.sender_name,
               m.sender_email AS given_sender_email, s.email AS sender_account_email,
               m.recipient_user_id, r.username AS recipient_username, r.email AS recipient_email, m.created_at
        FROM contact_messages m
        LEFT JOIN users s ON s.id = m.sender_user_id
        LEFT JOIN users r ON r.id = m.recipient_user_id
        WHERE m.id = ${id}`;
      return row;
    },
    /**
     * A test request with a recipient's address (null unless they have one and keep email notices on)
     * and the acting user's name, or undefined when the request or the recipient is gone.
     */
    async findRequestNotice(requestId: number, recipientId: number, actorId: number | null): Promise<RequestNoticeRow | undefined> {
      const [row] = await sql<RequestNoticeRow[]>`
        SELECT r.id AS request_id, r.title, r.status, u.username AS recipient_username,
               CASE WHEN u.email_notices THEN u.email END AS recipient_email, a.username AS actor_username
        FROM project_requests r
        JOIN users u ON u.id = ${recipientId}
        LEFT JOIN users a ON a.id = ${actorId}
        WHERE r.id = ${requestId}`;
      return row;
    },
    /** Whether the mail `kind` of event `eventId` already went out. */
    async wasSent(eventId: number, kind: string): Promise<boolean> {
      const [row] = await sql`SELECT 1 FROM sent_emails WHERE event_id = ${eventId} AND kind = ${kind}`;
      return Boolean(row);
    },
    /** Records a sent mail (a second record of the same mail is ignored). */
    async markSent(eventId: number, kind: string, recipient: string): Promise<void> {
      await sql`
        INSERT INTO sent_emails (event_id, kind, recipient) VALUES (${eventId}, ${kind}, ${recipient})
        ON CONFLICT (event_id, kind) DO NOTHING`;
    },
  };
}
