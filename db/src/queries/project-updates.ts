import type { Tx } from '../sql';

/** A project_updates row as every read returns it, with its author's name. */
export interface UpdateRow {
  id: number;
  projectId: number;
  authorId: number | null;
  authorUsername: string | null;
  title: string;
  body: string;
  html: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
}

/** A feedback item an update addresses, with its tester's name. */
export interface AddressRow {
  updateId: number;
  feedbackId: number;
  requestId: number;
  testerId: number;
  testerUsername: string;
}

/** A feedback item of a project's test requests, as the owner's picker lists it. */
export interface AddressableRow {
  id: number;
  requestId: number;
  requestTitle: string;
  testerUsername: string;
  worked: string;
  problems: string;
  suggestions: string;
  createdAt: Date;
}

/** The newest live update addressing a feedback item, as the test request page links it. */
export interface AddressedByRow {
  id: number;
  projectId: number;
  title: string;
}

/** The select list of an UpdateRow for `d` (project_updates) joined with `u` (the author). */
function updateColumns(sql: Tx) {
  return sql`d.id, d.project_id, d.author_id, u.username AS author_username, d.title, d.body, d.html,
    d.created_at, d.edited_at, d.deleted_at`;
}

/**
 * The newest live update addressing test_feedback row `f` (index project_update_feedback_feedback_idx),
 * as a JSON object or NULL: test-feedback.ts composes it into its reads.
 */
export function addressedByColumn(sql: Tx) {
  return sql`(SELECT json_build_object('id', d.id, 'projectId', d.project_id, 'title', d.title)
    FROM project_update_feedback l JOIN project_updates d ON d.id = l.update_id
    WHERE l.feedback_id = f.id AND d.deleted_at IS NULL ORDER BY l.update_id DESC LIMIT 1)`;
}

/** How many distinct feedback items of users row `u` live updates address (index project_update_feedback_tester_idx). */
export function feedbackAddressedColumn(sql: Tx) {
  return sql`(SELECT count(DISTINCT l.feedback_id)::int FROM project_update_feedback l WHERE l.tester_id = u.id)`;
}

/**
 * How many distinct feedback items live updates of projects row `p` address (index
 * project_updates_project_idx, then project_update_feedback's key); badges.ts composes it.
 */
export function projectFeedbackAddressedColumn(sql: Tx) {
  return sql`(SELECT count(DISTINCT l.feedback_id)::int FROM project_updates d
    JOIN project_update_feedback l ON l.update_id = d.id
    WHERE d.project_id = p.id AND d.deleted_at IS NULL)`;
}

/** Queries on project_updates and project_update_feedback: every write of both is here. Pass the pool or a transaction. */
export function makeProjectUpdateQueries(sql: Tx) {
  return {
    /** One update, deleted or not; undefined when there is none. */
    async findUpdate(id: number): Promise<UpdateRow | undefined> {
      const [row] = await sql<UpdateRow[]>`
        SELECT ${updateColumns(sql)} FROM project_updates d LEFT JOIN users u ON u.id = d.author_id
        WHERE d.id = ${id}`;
      return row;
    },

    /** A page of a project's live updates, newest first, after update `after` (index project_updates_project_idx). */
    async listUpdates(projectId: number, page: { after?: number; limit: number }): Promise<UpdateRow[]> {
      const keyset =
        page.after === undefined
          ? sql``
          : sql`AND (d.created_at, d.id) < (SELECT a.created_at, a.id FROM project_updates a WHERE a.id = ${page.after})`;
      return sql<UpdateRow[]>`
        SELECT ${updateColumns(sql)} FROM project_updates d LEFT JOIN users u ON u.id = d.author_id
        WHERE d.project_id = ${projectId} AND d.deleted_at IS NULL ${keyset}
        ORDER BY d.created_at DESC, d.id DESC
        LIMIT ${page.limit}`;
    },

    /** The feedback items each of `updateIds` addresses, by feedback id. */
    async listAddresses(updateIds: number[]): Promise<AddressRow[]> {
      if (updateIds.length === 0) return [];
      return sql<AddressRow[]>`
        SELECT l.update_id, l.feedback_id, l.tester_id, t.username AS tester_username,
               -- A probe of the feedback's primary key per link (a join may hash the whole table).
               (SELECT f.request_id FROM test_feedback f WHERE f.id = l.feedback_id) AS request_id
        FROM project_update_feedback l JOIN users t ON t.id = l.tester_id
        WHERE l.update_id = ANY(${updateIds}::int[])
        ORDER BY l.update_id, l.feedback_id`;
    },

    /** Writes an update; answers its id. */
    async insertUpdate(input: {
      projectId: number;
      authorId: number;
      title: string;
      body: string;
      html: string;
    }): Promise<number> {
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO project_updates (project_id, author_id, title, body, html)
        VALUES (${input.projectId}, ${input.authorId}, ${input.title}, ${input.body}, ${input.html})
        RETURNING id`;
      return row!.id;
    },

    /** Changes an update's title and text (either may stay), marking it edited. */
    async editUpdate(id: number, change: { title?: string; body?: string; html?: string }): Promise<void> {
      await sql`
        UPDATE project_updates SET
          title = coalesce(${change.title ?? null}::text, title),
          body = coalesce(${change.body ?? null}::text, body),
          html = coalesce(${change.html ?? null}::text, html),
          edited_at = now()
        WHERE id = ${id}`;
    },

    /** Deletes an update: its row stays (the quota counts it), its text and addressed links go. */
    async deleteUpdate(id: number): Promise<void> {
      await sql`DELETE FROM project_update_feedback WHERE update_id = ${id}`;
      await sql`UPDATE project_updates SET title = '', body = '', html = '', deleted_at = now() WHERE id = ${id}`;
    },

    /**
     * Of `feedbackIds`, those given in one of project `projectId`'s test requests (index
     * project_requests_project_idx, then each feedback by its primary key), with their testers.
     */
    async feedbackOfProject(
      projectId: number,
      feedbackIds: number[],
    ): Promise<Array<{ id: number; testerId: number }>> {
      if (feedbackIds.length === 0) return [];
      return sql<Array<{ id: number; testerId: number }>>`
        SELECT f.id, f.tester_id FROM test_feedback f JOIN project_requests r ON r.id = f.request_id
        WHERE f.id = ANY(${feedbackIds}::int[]) AND r.project_id = ${projectId}`;
    },

    /**
     * Makes update `updateId` address exactly `feedback` (checked with feedbackOfProject): links that
     * are gone are removed, new ones added. Answers the feedback ids newly addressed.
     */
    async setAddresses(updateId: number, feedback: Array<{ id: number; testerId: number }>): Promise<number[]> {
      const ids = feedback.map((f) => f.id);
      await sql`DELETE FROM project_update_feedback WHERE update_id = ${updateId} AND NOT (feedback_id = ANY(${ids}::int[]))`;
      if (feedback.length === 0) return [];
      const rows = await sql<{ feedbackId: number }[]>`
        INSERT INTO project_update_feedback (update_id, feedback_id, tester_id)
        SELECT ${updateId}, x.feedback_id, x.tester_id
        FROM unnest(${ids}::int[], ${feedback.map((f) => f.testerId)}::int[]) AS x (feedback_id, tester_id)
        ON CONFLICT DO NOTHING
        RETURNING feedback_id`;
      return rows.map((row) => row.feedbackId);
    },

    /** The testers of `feedbackIds` (the addressed news goes to them). */
    async testersOf(feedbackIds: number[]): Promise<number[]> {
      if (feedbackIds.length === 0) return [];
      const rows = await sql<{ testerId: number }[]>`
        SELECT DISTINCT tester_id FROM test_feedback WHERE id = ANY(${feedbackIds}::int[]) ORDER BY tester_id`;
      return rows.map((row) => row.testerId);
    },

    /** The newest `limit` feedback items of project `projectId`'s test requests (the owner's picker). */
    async listAddressable(projectId: number, limit: number): Promise<AddressableRow[]> {
      return sql<AddressableRow[]>`
        SELECT f.id, f.request_id, r.title AS request_title, t.username AS tester_username,
               f.worked, f.problems, f.suggestions, f.created_at
        FROM project_requests r
          JOIN test_feedback f ON f.request_id = r.id
          JOIN users t ON t.id = f.tester_id
        WHERE r.project_id = ${projectId}
        ORDER BY f.created_at DESC, f.id DESC
        LIMIT ${limit}`;
    },
  };
}
