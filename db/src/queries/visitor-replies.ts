import type { Tx } from '../sql';

/** What a visitor reply needs (migration 0019): the admin's text and the message it answers. */
export interface NewVisitorReply {
  messageId: number;
  adminUserId: number;
  toEmail: string;
  subject: string;
  message: string;
  originalSubject: string;
  originalMessage: string;
}

/** A stored visitor reply, as the worker mails it. */
export interface VisitorReplyRow {
  id: number;
  toEmail: string;
  subject: string;
  message: string;
  originalSubject: string;
  originalMessage: string;
  createdAt: Date;
}

/** Queries on visitor_replies: an admin's answer to a visitor, mailed by the worker. */
export function makeVisitorReplyQueries(sql: Tx) {
  return {
    /** Records a reply; answers its id. */
    async insertReply(input: NewVisitorReply): Promise<number> {
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO visitor_replies (message_id, admin_user_id, to_email, subject, message, original_subject, original_message)
        VALUES (${input.messageId}, ${input.adminUserId}, ${input.toEmail}, ${input.subject}, ${input.message},
                ${input.originalSubject}, ${input.originalMessage})
        RETURNING id`;
      return row!.id;
    },
    /** One reply, or undefined when it is gone. */
    async findReply(id: number): Promise<VisitorReplyRow | undefined> {
      const [row] = await sql<VisitorReplyRow[]>`
        SELECT id, to_email, subject, message, original_subject, original_message, created_at
        FROM visitor_replies WHERE id = ${id}`;
      return row;
    },
  };
}
