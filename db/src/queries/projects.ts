import type { LatestSort } from '@vitrine/domain/constants';
import type { Tx } from '../sql';

/** Who is looking: a signed-in user's id, else null, and the request's IP (visitors vote per IP). */
export interface Viewer {
  userId: number | null;
  ip: string;
}

/** A projects row as every read returns it: the author's username and the viewer's own state. */
export interface ProjectRow {
  id: number;
  title: string;
  description: string;
  replitUrl: string;
  category: string;
  tags: string;
  userId: number | null;
  username: string | null;
  votes: number;
  views: number;
  totalRatings: number;
  /** numeric(3,1): postgres.js returns it as a string. */
  averageRating: string;
  reportCount: number;
  isHidden: boolean;
  createdAt: Date;
  hasVoted: boolean;
  myRating: number | null;
  /** The author's developer rating (numeric as text) and its count, for their tier (issue 13); null without an author. */
  ownerDeveloperRating: string | null;
  ownerDeveloperRatingCount: number | null;
}

/** A project's counts as a live push carries them. */
export interface ProjectCounts {
  id: number;
  votes: number;
  averageRating: number;
  totalRatings: number;
}

/** Writable fields of a project (already validated by the domain schemas). */
export interface ProjectInput {
  title: string;
  description: string;
  replitUrl: string;
  category: string;
  tags: string;
}

/**
 * The select list of a ProjectRow for `p` (projects) joined with `u` (users), with the viewer's vote
 * and rating read through the partial unique indexes (members by user id, visitors by IP).
 */
export function projectColumns(sql: Tx, viewer: Viewer) {
  // Correlated scalar subqueries, not EXISTS: the planner may turn an EXISTS into one hashed scan of
  // every vote of this IP (a sequential scan of votes); these stay one index probe per listed row.
  const voteOf =
    viewer.userId !== null
      ? sql`v.user_id = ${viewer.userId}`
      : sql`v.user_id IS NULL AND v.ip_address = ${viewer.ip}`;
  const hasVoted = sql`coalesce((SELECT true FROM votes v WHERE v.project_id = p.id AND ${voteOf} LIMIT 1), false)`;
  const myRating =
    viewer.userId !== null
      ? sql`(SELECT r.rating FROM ratings r WHERE r.project_id = p.id AND r.user_id = ${viewer.userId})`
      : sql`NULL::smallint`;
  return sql`
    p.id, p.title, p.description, p.replit_url, p.category, p.tags, p.user_id, u.username,
    p.votes, p.views, p.total_ratings, p.average_rating, p.report_count, p.is_hidden, p.created_at,
    ${hasVoted} AS has_voted, ${myRating} AS my_rating,
    u.developer_rating AS owner_developer_rating, u.developer_rating_count AS owner_developer_rating_count`;
}

/** ORDER BY of each latest-list sort; each matches a partial index of 0001_init.sql. */
function latestOrder(sql: Tx, sort: LatestSort) {
  if (sort === 'votes') return sql`p.votes DESC, p.id DESC`;
  if (sort === 'views') return sql`p.views DESC, p.id DESC`;
  return sql`p.created_at DESC, p.id DESC`;
}

/** The LIKE pattern of "contains `text`", its wildcards escaped so a search for '50%' or 'a_b' matches those characters. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A project matches a search when its title, description or tags contain `q` (index projects_search_idx). */
export function projectMatches(sql: Tx, q: string) {
  return sql`(p.title || ' ' || p.description || ' ' || p.tags) ILIKE ${containsPattern(q)}`;
}

/** Queries on projects: every write of the projects table, counters included, is here. Pass the pool or a transaction. */
export function makeProjectQueries(sql: Tx) {
  return {
    /** One project, hidden or not (the caller applies the visibility policy). */
    async findProject(id: number, viewer: Viewer): Promise<ProjectRow | undefined> {
      const [row] = await sql<ProjectRow[]>`
        SELECT ${projectColumns(sql, viewer)}
        FROM projects p LEFT JOIN users u ON u.id = p.user_id
        WHERE p.id = ${id}`;
      return row;
    },

    /** A visible project's live counts (the push of vote.created and rating.saved); undefined when hidden or gone. */
    async findVisibleCounts(id: number): Promise<ProjectCounts | undefined> {
      const [row] = await sql<{ votes: number; averageRating: string; totalRatings: number }[]>`
        SELECT votes, average_rating, total_ratings FROM projects WHERE id = ${id} AND NOT is_hidden`;
      return row ? { id, votes: row.votes, averageRating: Number(row.averageRating), totalRatings: row.totalRatings } : undefined;
    },

    /** The public latest list: visible projects only, sorted on the server, one page. */
    async listProjects(opts: { sort: LatestSort; offset: number; limit: number; viewer: Viewer; q?: string }): Promise<ProjectRow[]> {
      return sql<ProjectRow[]>`
        SELECT ${projectColumns(sql, opts.viewer)}
        FROM projects p LEFT JOIN users u ON u.id = p.user_id
        WHERE NOT p.is_hidden
          ${opts.q ? sql`AND ${projectMatches(sql, opts.q)}` : sql``}
        ORDER BY ${latestOrder(sql, opts.sort)}
        LIMIT ${opts.limit} OFFSET ${opts.offset}`;
    },

    /** Inserts a project and returns its id. */
    async insertProject(input: ProjectInput & { userId: number }): Promise<number> {
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO projects (title, description, replit_url, category, tags, user_id)
        VALUES (${input.title}, ${input.description}, ${input.replitUrl}, ${input.category}, ${input.tags}, ${input.userId})
        RETURNING id`;
      return row!.id;
    },

    /** Replaces the editable fields; false when the project is gone. */
    async updateProject(id: number, input: ProjectInput): Promise<boolean> {
      const rows = await sql`
        UPDATE projects
        SET title = ${input.title}, description = ${input.description}, replit_url = ${input.replitUrl},
            category = ${input.category}, tags = ${input.tags}
        WHERE id = ${id}
        RETURNING id`;
      return rows.length > 0;
    },

    /**
     * Locks the project row for a counter update (FOR NO KEY UPDATE: it does not block the foreign-key
     * checks of concurrent vote inserts) and returns what policies need, or undefined when gone.
     */
    async lockProject(id: number): Promise<{ id: number; userId: number | null; isHidden: boolean } | undefined> {
      const [row] = await sql<{ id: number; userId: number | null; isHidden: boolean }[]>`
        SELECT id, user_id, is_hidden FROM projects WHERE id = ${id} FOR NO KEY UPDATE`;
      return row;
    },

    /** Adds one to the project's views; the new count. Call it when a viewer's day row was new (makeViewQueries#insertView). */
    async incrementViews(id: number): Promise<number> {
      const [row] = await sql<{ views: number }[]>`UPDATE projects SET views = views + 1 WHERE id = ${id} RETURNING views`;
      return row!.views;
    },

    /** The project's views as they stand. */
    async findViews(id: number): Promise<number> {
      const [row] = await sql<{ views: number }[]>`SELECT views FROM projects WHERE id = ${id}`;
      return row!.views;
    },

    /** Adds one to the project's vote counter (row-locked, so parallel votes never lose one); the new count. */
    async incrementVotes(projectId: number): Promise<number> {
      const [row] = await sql<{ votes: number }[]>`UPDATE projects SET votes = votes + 1 WHERE id = ${projectId} RETURNING votes`;
      return row!.votes;
    },

    /** Takes `n` votes off a project's counter (a deleted user's votes), never below 0. */
    async subtractVotes(projectId: number, n: number): Promise<void> {
      await sql`UPDATE projects SET votes = GREATEST(votes - ${n}, 0) WHERE id = ${projectId}`;
    },

    /**
     * Recomputes the projects' totalRatings and averageRating (rounded to numeric(3,1)) from their
     * rating rows; answers them by project id. Call it with the project rows locked (lockProject), so
     * two concurrent ratings cannot both compute from a snapshot missing the other's row.
     */
    async refreshRatingStats(projectIds: number[]): Promise<Map<number, { averageRating: number; totalRatings: number }>> {
      if (projectIds.length === 0) return new Map();
      const rows = await sql<{ id: number; averageRating: string; totalRatings: number }[]>`
        UPDATE projects p
        SET total_ratings = s.total, average_rating = s.average
        FROM (
          SELECT p2.id, count(r.id)::int AS total, coalesce(round(avg(r.rating), 1), 0) AS average
          FROM projects p2 LEFT JOIN ratings r ON r.project_id = p2.id
          WHERE p2.id = ANY(${projectIds}::int[])
          GROUP BY p2.id
        ) s
        WHERE p.id = s.id
        RETURNING p.id, p.average_rating, p.total_ratings`;
      return new Map(rows.map((r) => [r.id, { averageRating: Number(r.averageRating), totalRatings: r.totalRatings }]));
    },

    /** Adds one to the project's report counter; the new count. */
    async incrementReportCount(projectId: number): Promise<number> {
      const [row] = await sql<{ reportCount: number }[]>`
        UPDATE projects SET report_count = report_count + 1 WHERE id = ${projectId} RETURNING report_count`;
      return row!.reportCount;
    },

    /** Takes one off the project's report counter (a deleted report), never below 0. */
    async decrementReportCount(projectId: number): Promise<void> {
      await sql`UPDATE projects SET report_count = GREATEST(report_count - 1, 0) WHERE id = ${projectId}`;
    },

    /** Hides or shows a project; answers whether it existed. */
    async setHidden(id: number, hidden: boolean): Promise<boolean> {
      const rows = await sql`UPDATE projects SET is_hidden = ${hidden} WHERE id = ${id} RETURNING id`;
      return rows.length > 0;
    },

    /** Hides a visible project; false when it was already hidden (or is gone). */
    async hideVisible(id: number): Promise<boolean> {
      const rows = await sql`UPDATE projects SET is_hidden = true WHERE id = ${id} AND NOT is_hidden RETURNING id`;
      return rows.length > 0;
    },

    /** Deletes a project (its votes, ratings, reports and views go by cascade); answers whether it existed. */
    async deleteProject(id: number): Promise<boolean> {
      const rows = await sql`DELETE FROM projects WHERE id = ${id} RETURNING id`;
      return rows.length > 0;
    },

    /** The ids of a user's projects, in id order. */
    async listIdsOfOwner(userId: number): Promise<number[]> {
      const rows = await sql<{ id: number }[]>`SELECT id FROM projects WHERE user_id = ${userId} ORDER BY id`;
      return rows.map((r) => r.id);
    },
  };
}
