import type { CommentSort } from '@vitrine/domain/schemas/comment';
import type { Tx } from '../sql';

/** A comments row as every read returns it: its author's name and whether they made the project. */
export interface CommentRow {
  id: number;
  projectId: number;
  parentId: number | null;
  authorId: number | null;
  authorUsername: string | null;
  /** The author is the project's owner (the Maker badge). */
  isMaker: boolean;
  body: string;
  html: string;
  replyCount: number;
  hidden: boolean;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
}

/** The select list of a CommentRow for `c` (comments) joined with `p` (projects) and `u` (the author). */
function commentColumns(sql: Tx) {
  return sql`c.id, c.project_id, c.parent_id, c.author_id, u.username AS author_username,
    coalesce(c.author_id = p.user_id, false) AS is_maker, c.body, c.html, c.reply_count, c.hidden,
    c.created_at, c.edited_at, c.deleted_at`;
}

/** ORDER BY and the keyset condition (threads after thread `after`, its key read from its row) of each sort; each matches an index of 0021_comments.sql. */
function threadOrder(sql: Tx, sort: CommentSort, after: number | undefined) {
  if (sort === 'top') {
    return {
      order: sql`c.reply_count DESC, c.created_at DESC, c.id DESC`,
      keyset:
        after === undefined
          ? sql`true`
          : sql`(c.reply_count, c.created_at, c.id) < (SELECT a.reply_count, a.created_at, a.id FROM comments a WHERE a.id = ${after})`,
    };
  }
  return {
    order: sql`c.created_at, c.id`,
    keyset:
      after === undefined
        ? sql`true`
        : sql`(c.created_at, c.id) > (SELECT a.created_at, a.id FROM comments a WHERE a.id = ${after})`,
  };
}

/** The most replies a page shows per thread (oldest first): a page's size stays bounded. */
export const MAX_REPLIES_SHOWN = 50;

/** Queries on comments: every write of the comments table is here. Pass the pool or a transaction. */
export function makeCommentQueries(sql: Tx) {
  return {
    /** One comment, deleted or not; undefined when there is none. */
    async findComment(id: number): Promise<CommentRow | undefined> {
      const [row] = await sql<CommentRow[]>`
        SELECT ${commentColumns(sql)}
        FROM comments c JOIN projects p ON p.id = c.project_id LEFT JOIN users u ON u.id = c.author_id
        WHERE c.id = ${id}`;
      return row;
    },

    /** The comments `ids` (deleted ones too), in no particular order; for the admins' report queue. */
    async findComments(ids: number[]): Promise<CommentRow[]> {
      if (ids.length === 0) return [];
      // The project's owner is looked up per comment (by its key), never by a join the planner may hash.
      // The maker is looked up per comment by the project's key: a join could be planned as a scan of projects.
      return sql<CommentRow[]>`
        SELECT c.id, c.project_id, c.parent_id, c.author_id, u.username AS author_username,
          coalesce(c.author_id = (SELECT p.user_id FROM projects p WHERE p.id = c.project_id), false) AS is_maker,
          c.body, c.html, c.reply_count, c.hidden, c.created_at, c.edited_at, c.deleted_at
        FROM comments c LEFT JOIN users u ON u.id = c.author_id
        WHERE c.id = ANY(${ids}::int[])`;
    },

    /**
     * A page of a project's threads in `sort` order after thread `after` (`limit` of them): threads
     * deleted without live replies left out.
     */
    async listThreads(projectId: number, page: { sort: CommentSort; after?: number; limit: number }) {
      const { order, keyset } = threadOrder(sql, page.sort, page.after);
      return sql<CommentRow[]>`
        SELECT ${commentColumns(sql)}
        FROM comments c JOIN projects p ON p.id = c.project_id LEFT JOIN users u ON u.id = c.author_id
        WHERE c.project_id = ${projectId} AND c.parent_id IS NULL AND ${keyset}
          AND (c.deleted_at IS NULL OR c.reply_count > 0)
        ORDER BY ${order}
        LIMIT ${page.limit}`;
    },

    /** The live replies of the threads `parentIds`, oldest first, at most MAX_REPLIES_SHOWN per thread. */
    async listReplies(parentIds: number[]): Promise<CommentRow[]> {
      if (parentIds.length === 0) return [];
      return sql<CommentRow[]>`
        SELECT ${commentColumns(sql)}
        FROM unnest(${parentIds}::int[]) t(id)
        CROSS JOIN LATERAL (
          SELECT * FROM comments r WHERE r.parent_id = t.id AND r.deleted_at IS NULL
          ORDER BY r.created_at, r.id LIMIT ${MAX_REPLIES_SHOWN}
        ) c
        JOIN projects p ON p.id = c.project_id LEFT JOIN users u ON u.id = c.author_id
        ORDER BY c.parent_id, c.created_at, c.id`;
    },

    /** Writes a comment (a reply bumps its thread's reply count); answers its id. */
    async insertComment(input: {
      projectId: number;
      parentId: number | null;
      authorId: number;
      body: string;
      html: string;
    }): Promise<number> {
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO comments (project_id, parent_id, author_id, body, html)
        VALUES (${input.projectId}, ${input.parentId}, ${input.authorId}, ${input.body}, ${input.html})
        RETURNING id`;
      if (input.parentId !== null) await addReplies(sql, input.parentId, 1);
      return row!.id;
    },

    /** Replaces a comment's text and marks it edited. */
    async editComment(id: number, text: { body: string; html: string }): Promise<void> {
      await sql`UPDATE comments SET body = ${text.body}, html = ${text.html}, edited_at = now() WHERE id = ${id}`;
    },

    /**
     * Deletes a comment: its text is cleared and it stays as "[deleted]" while it has replies (and
     * counts toward its author's quota); a reply leaves its thread's reply count. False when it was
     * deleted already.
     */
    async deleteComment(id: number): Promise<boolean> {
      const [row] = await sql<{ parentId: number | null }[]>`
        UPDATE comments SET deleted_at = now(), body = '', html = '' WHERE id = ${id} AND deleted_at IS NULL
        RETURNING parent_id`;
      if (!row) return false;
      if (row.parentId !== null) await addReplies(sql, row.parentId, -1);
      return true;
    },

    /** Hides or shows a comment; false when it already was. */
    async setHidden(id: number, hidden: boolean): Promise<boolean> {
      const rows =
        await sql`UPDATE comments SET hidden = ${hidden} WHERE id = ${id} AND hidden <> ${hidden} RETURNING id`;
      return rows.length > 0;
    },
  };
}

/** Adds `n` to a thread's count of live replies (the Top sort). */
async function addReplies(sql: Tx, threadId: number, n: number): Promise<void> {
  await sql`UPDATE comments SET reply_count = greatest(reply_count + ${n}, 0) WHERE id = ${threadId}`;
}
