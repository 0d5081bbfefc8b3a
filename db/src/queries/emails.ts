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
  /** The sender account's profile address, if any and confirmed. */
  senderAccountEmail: string | null;
  /** Whether the owner of givenSenderEmail followed this message's confirmation link (a visitor's copy). */
  copyConfirmed: boolean;
  recipientUserId: number | null;
  recipientUsername: string | null;
  /** The recipient's profile address, if any and confirmed. */
  recipientEmail: string | null;
  createdAt: Date;
}

/** The worker's email bookkeeping (migration 0003) and the one read its emails make. */
export function makeEmailQueries(sql: Tx) {
  return {
    /**
     * A message with its sender's and recipient's confirmed addresses (an unconfirmed one reads null:
     * mail with user content never goes to an address its owner did not confirm), or undefined when
     * the message is gone.
     */
    async findMessageForEmail(id: number): Promise<EmailMessageRow | undefined> {
      const [row] = await sql<EmailMessageRow[]>`
        SELECT m.id, m.subject, m.message, m.sender_user_id, s.username AS sender_username, m.sender_name,
               m.sender_email AS given_sender_email,
               CASE WHEN s.email_verified_at IS NOT NULL THEN s.email END AS sender_account_email,
               EXISTS (SELECT 1 FROM email_confirmations c
                       WHERE c.message_id = m.id AND c.used_at IS NOT NULL AND c.email = m.sender_email) AS copy_confirmed,
               m.recipient_user_id, r.username AS recipient_username,
               CASE WHEN r.email_verified_at IS NOT NULL THEN r.email END AS recipient_email, m.created_at
        FROM contact_messages m
        LEFT JOIN users s ON s.id = m.sender_user_id
        LEFT JOIN users r ON r.id = m.recipient_user_id
        WHERE m.id = ${id}`;
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
