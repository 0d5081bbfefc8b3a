import type postgres from 'postgres';
import type { Tx } from '../sql';
import { keysetPage, pageOf, type Page, type PageRequest } from './paging';

/** A contact_messages row with the usernames the inbox shows. */
export interface MessageRow {
  id: number;
  senderUserId: number | null;
  senderUsername: string | null;
  /** The sender account is an administrator's (false without an account). */
  senderIsAdmin: boolean;
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
  /** When an admin last answered this visitor's message by mail (visitor_replies); null otherwise. */
  repliedAt: Date | null;
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

/** Messages as a keyset query returns them, each with its cursor (paging.ts pageOf). */
type CursoredMessages = Array<MessageRow & { pageCursorAt: string }>;

/** Whose box: the user, and whether they also read the admins' box. */
export interface BoxOwner {
  userId: number;
  isAdmin: boolean;
}

/** Queries on contact_messages. Pass the pool or a transaction. */
export function makeMessageQueries(sql: Tx) {
  /**
   * The display columns of the messages `picked` selects (its own WHERE, ORDER BY and LIMIT), joined
   * with both usernames afterwards, so the join touches only the rows that are answered. With a page,
   * each row also carries its cursor and the answer is cut to the page (plus one row, see pageOf).
   */
  const withUsernames = <T extends readonly object[] = MessageRow[]>(picked: postgres.Fragment, page?: PageRequest) => {
    const keyset = page ? keysetPage(sql, 'm', page) : undefined;
    return sql<T>`
      SELECT m.id, m.sender_user_id, s.username AS sender_username, coalesce(s.is_admin, false) AS sender_is_admin, m.sender_name, m.sender_email,
             m.recipient_user_id, r.username AS recipient_username, m.subject, m.message, m.is_read,
             m.sender_deleted, m.recipient_deleted, m.created_at,
             (SELECT max(v.created_at) FROM visitor_replies v WHERE v.message_id = m.id) AS replied_at ${keyset ? sql`, ${keyset.cursorColumn}` : sql``}
      FROM (${picked}) m
      LEFT JOIN users s ON s.id = m.sender_user_id
      LEFT JOIN users r ON r.id = m.recipient_user_id
      ORDER BY m.created_at DESC, m.id DESC
      ${keyset ? keyset.limit : sql``}`;
  };

  /** The page of messages matching `where` (conditions on `m`), by an index on (those columns, created_at, id). */
  const pageWhere = (where: postgres.Fragment, page: PageRequest) => {
    const keyset = keysetPage(sql, 'm', page);
    return sql`(SELECT m.* FROM contact_messages m WHERE ${where} ${keyset.olderThan} ${keyset.order} ${keyset.limit})`;
  };

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
      const [row] = await withUsernames(sql`SELECT * FROM contact_messages WHERE id = ${id}`);
      return row;
    },

    /**
     * A page of a user's box, newest first: what they received and what they sent, minus what they
     * deleted on their side; for an admin also every message addressed to the admins. Each part is
     * read as its own page from its own index (recipient, sender, the admins' box), and the page is
     * the newest of their union: a deep page costs what the first does.
     */
    async listBox(owner: BoxOwner, page: PageRequest): Promise<Page<MessageRow>> {
      const parts = [
        pageWhere(sql`m.recipient_user_id = ${owner.userId} AND NOT m.recipient_deleted`, page),
        pageWhere(sql`m.sender_user_id = ${owner.userId} AND NOT m.sender_deleted`, page),
        ...(owner.isAdmin ? [pageWhere(sql`m.recipient_user_id IS NULL`, page)] : []),
      ];
      // UNION, not UNION ALL: an admin's own message to the admins is in two parts.
      const union = parts.reduce((all, part) => sql`${all} UNION ${part}`);
      return pageOf(await withUsernames<CursoredMessages>(union, page), page);
    },

    /** A page of every message, newest first (the admin dashboard). */
    async listAll(page: PageRequest): Promise<Page<MessageRow>> {
      return pageOf(await withUsernames<CursoredMessages>(pageWhere(sql`true`, page), page), page);
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
