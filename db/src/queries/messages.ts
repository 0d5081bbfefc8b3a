import type { Tx } from '../sql';

/** A contact_messages row with the usernames the inbox shows (spec §3 "As listed for display"). */
export interface MessageRow {
  id: number;
  senderUserId: number | null;
  senderUsername: string | null;
  senderName: string | null;
  senderEmail: string | null;
  /** null: addressed to the administrators. */
  recipientUserId: number | null;
  recipientUsername: string | null;
  subject: string;
  message: string;
  isRead: boolean;
  senderDeleted: boolean;
  recipientDeleted: boolean;
  createdAt: Date;
}

/** What a new message needs; the sender and recipient ids are decided by the server, never the body. */
export interface NewMessage {
  senderUserId: number | null;
  senderName: string | null;
  senderEmail: string | null;
  recipientUserId: number | null;
  subject: string;
  message: string;
}

/** A box never lists more than this many messages (newest first); older ones stay stored. */
export const MESSAGE_LIST_LIMIT = 500;

/** Whose box: the user, and whether they also read the admins' box. */
export interface BoxOwner {
  userId: number;
  isAdmin: boolean;
}

/** Queries on contact_messages. Pass the pool or a transaction. */
export function makeMessageQueries(sql: Tx) {
  /**
   * The display columns of the messages `picked` selects (its own WHERE, ORDER BY and LIMIT), joined
   * with both usernames afterwards, so the join touches only the rows that are answered.
   */
  const withUsernames = (picked: ReturnType<Tx>) => sql`
    SELECT m.id, m.sender_user_id, s.username AS sender_username, m.sender_name, m.sender_email,
           m.recipient_user_id, r.username AS recipient_username, m.subject, m.message, m.is_read,
           m.sender_deleted, m.recipient_deleted, m.created_at
    FROM (${picked}) m
    LEFT JOIN users s ON s.id = m.sender_user_id
    LEFT JOIN users r ON r.id = m.recipient_user_id
    ORDER BY m.created_at DESC, m.id DESC`;

  return {
    /** Inserts a message; answers its id. */
    async insertMessage(input: NewMessage): Promise<number> {
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO contact_messages (sender_user_id, sender_name, sender_email, recipient_user_id, subject, message)
        VALUES (${input.senderUserId}, ${input.senderName}, ${input.senderEmail}, ${input.recipientUserId},
                ${input.subject}, ${input.message})
        RETURNING id`;
      return row!.id;
    },

    /** One message with usernames, whoever may see it (the caller checks). */
    async findMessageById(id: number): Promise<MessageRow | undefined> {
      const [row] = await sql<MessageRow[]>`${withUsernames(sql`SELECT * FROM contact_messages WHERE id = ${id}`)}`;
      return row;
    },

    /**
     * A user's box, newest first: what they received and what they sent, minus what they deleted on
     * their side; for an admin also every message addressed to the admins.
     */
    async listBox(owner: BoxOwner): Promise<MessageRow[]> {
      return sql<MessageRow[]>`${withUsernames(sql`
        SELECT * FROM contact_messages
        WHERE (recipient_user_id = ${owner.userId} AND NOT recipient_deleted)
           OR (sender_user_id = ${owner.userId} AND NOT sender_deleted)
           OR (${owner.isAdmin}::boolean AND recipient_user_id IS NULL)
        ORDER BY created_at DESC, id DESC
        LIMIT ${MESSAGE_LIST_LIMIT}`)}`;
    },

    /** Every message, newest first (the admin dashboard). */
    async listAll(): Promise<MessageRow[]> {
      return sql<MessageRow[]>`${withUsernames(sql`
        SELECT * FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT ${MESSAGE_LIST_LIMIT}`)}`;
    },

    /** Unread messages received by the user (for an admin, plus unread ones addressed to the admins). */
    async countUnread(owner: BoxOwner): Promise<number> {
      const [row] = await sql<{ count: number }[]>`
        SELECT count(*)::int AS count FROM contact_messages m
        WHERE NOT m.is_read
          AND ((m.recipient_user_id = ${owner.userId} AND NOT m.recipient_deleted)
               OR (${owner.isAdmin}::boolean AND m.recipient_user_id IS NULL))`;
      return row!.count;
    },

    /** Marks a message read. */
    async markRead(id: number): Promise<void> {
      await sql`UPDATE contact_messages SET is_read = true WHERE id = ${id}`;
    },

    /**
     * Hides a message from one side's box. The row goes once no box keeps it: the recipient deleted
     * it and the sender deleted it too (or has no account). Messages to the admins stay until an admin deletes them.
     */
    async hideFor(id: number, side: 'sender' | 'recipient'): Promise<void> {
      if (side === 'sender') await sql`UPDATE contact_messages SET sender_deleted = true WHERE id = ${id}`;
      else await sql`UPDATE contact_messages SET recipient_deleted = true WHERE id = ${id}`;
      await sql`
        DELETE FROM contact_messages
        WHERE id = ${id} AND recipient_deleted AND (sender_deleted OR sender_user_id IS NULL)`;
    },

    /** Deletes a message for everyone (an admin's delete). */
    async deleteMessage(id: number): Promise<boolean> {
      const rows = await sql`DELETE FROM contact_messages WHERE id = ${id} RETURNING id`;
      return rows.length > 0;
    },
  };
}
