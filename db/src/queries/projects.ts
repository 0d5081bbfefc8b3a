import type { LatestSort } from '@vitrine/domain/constants';
import type { Fragment, Tx } from '../sql';
import { myRatingColumn, projectRowColumns } from './project-access';
import { coverColumn, type MediaRow } from './project-media';

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
  commentCount: number;
  /** Live updates (devlog posts; migration 0027). */
  updateCount: number;
  isHidden: boolean;
  createdAt: Date;
  hasVoted: boolean;
  myRating: number | null;
  /** The author's developer rating toward a tier (numeric as text) and how many ratings count, for their tier; null without an author. */
  ownerTierRating: string | null;
  ownerTierCount: number | null;
  /** The first picture (project_media), or null without one. */
  cover: MediaRow | null;
  /** While the hosted project is down (project_health, migration 0024): when it stopped answering. */
  downSince: Date | null;
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
 * The viewer's vote on a projects row `p`, read through the partial unique indexes (members by user
 * id, visitors by IP).
 */
function hasVotedColumn(sql: Tx, viewer: Viewer) {
  // A correlated scalar subquery, not EXISTS: the planner may turn an EXISTS into one hashed scan of
  // every vote of this IP (a sequential scan of votes); this stays one index probe per listed row.
  const voteOf =
    viewer.userId !== null ? sql`v.user_id = ${viewer.userId}` : sql`v.user_id IS NULL AND v.ip_address = ${viewer.ip}`;
  return sql`coalesce((SELECT true FROM votes v WHERE v.project_id = p.id AND ${voteOf} LIMIT 1), false)`;
}

/**
 * The select list of a ProjectRow for `p` (projects) joined with `u` (users), with the viewer's vote
 * and rating. A null viewer reads the answer shared by everyone (not voted, no rating): cached reads.
 */
export function projectColumns(sql: Tx, viewer: Viewer | null) {
  if (viewer === null) return sql`${projectRowColumns(sql, null)}, false AS has_voted, ${coverColumn(sql)} AS cover`;
  return sql`${projectRowColumns(sql, viewer.userId)}, ${hasVotedColumn(sql, viewer)} AS has_voted, ${coverColumn(sql)} AS cover`;
}

/** ORDER BY of each latest-list sort; each matches a partial index (0001_init.sql; 0027_devlogs.sql for updated). */
function latestOrder(sql: Tx, sort: LatestSort) {
  if (sort === 'votes') return sql`p.votes DESC, p.id DESC`;
  if (sort === 'views') return sql`p.views DESC, p.id DESC`;
  if (sort === 'updated') return sql`coalesce(p.last_update_at, p.created_at) DESC, p.id DESC`;
  return sql`p.created_at DESC, p.id DESC`;
}

/**
 * The keyset condition of each latest-list sort: rows after project `after` in latestOrder (its sort
 * key read from its row, so no timestamp goes through the client and loses its microseconds). A
 * project deleted meanwhile ends the list.
 */
function latestKeyset(sql: Tx, sort: LatestSort, after: number) {
  if (sort === 'votes') return sql`(p.votes, p.id) < (SELECT c.votes, c.id FROM projects c WHERE c.id = ${after})`;
  if (sort === 'views') return sql`(p.views, p.id) < (SELECT c.views, c.id FROM projects c WHERE c.id = ${after})`;
  if (sort === 'updated')
    return sql`(coalesce(p.last_update_at, p.created_at), p.id) < (SELECT coalesce(c.last_update_at, c.created_at), c.id FROM projects c WHERE c.id = ${after})`;
  return sql`(p.created_at, p.id) < (SELECT c.created_at, c.id FROM projects c WHERE c.id = ${after})`;
}

/** The LIKE pattern of "contains `text`", its wildcards escaped so a search for '50%' or 'a_b' matches those characters. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A project matches a search when its title, description or tags contain `q` (index projects_search_idx). */
export function projectMatches(sql: Tx, q: string) {
  return sql`(p.title || ' ' || p.description || ' ' || p.tags) ILIKE ${containsPattern(q)}`;
}

/**
 * The statement adding to each project's votes counter the `n` of its row in `counts` (a query of
 * project_id, n, w), and `w` to its weighted counter (the all-time leaderboard's), answering the
 * updated rows (p.*): castVotes (votes.ts) composes it into its one statement.
 */
export function addVotesFrom(sql: Tx, counts: Fragment) {
  return sql`UPDATE projects p SET votes = p.votes + c.n, weighted_votes = p.weighted_votes + c.w
             FROM (${counts}) c WHERE p.id = c.project_id RETURNING p.*`;
}

/**
 * The statement adding to each project's weighted counter the `w` of its row in `changes` (a query of
 * project_id, w: votes whose weight changed, integrity.ts), never below 0.
 */
export function addWeightFrom(sql: Tx, changes: Fragment) {
  return sql`UPDATE projects p SET weighted_votes = GREATEST(p.weighted_votes + c.w, 0)
             FROM (${changes}) c WHERE p.id = c.project_id RETURNING p.id`;
}

/**
 * The statement adding one to the views counter of each project in `seen` (a query of project_id),
 * answering the new counts (views): recordView (views.ts) composes it into its one statement.
 */
export function addViewFrom(sql: Tx, seen: Fragment) {
  return sql`UPDATE projects p SET views = p.views + 1 FROM (${seen}) s WHERE p.id = s.project_id RETURNING p.views`;
}

/** Queries on projects: every write of the projects table, counters included, is here or composed from here. Pass the pool or a transaction. */
export function makeProjectQueries(sql: Tx) {
  return {
    /** One project, hidden or not (the caller applies the visibility policy). */
    async findProject(id: number, viewer: Viewer | null): Promise<ProjectRow | undefined> {
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
      return row
        ? { id, votes: row.votes, averageRating: Number(row.averageRating), totalRatings: row.totalRatings }
        : undefined;
    },

    /**
     * The viewer's vote and rating on each of `ids` (any that exist), with what the policies need
     * (owner, hidden): the small private call laid over the shared, cached reads.
     */
    async findViewerStates(
      ids: number[],
      viewer: Viewer,
    ): Promise<Array<Pick<ProjectRow, 'id' | 'userId' | 'isHidden' | 'hasVoted' | 'myRating'>>> {
      if (ids.length === 0) return [];
      return sql`
        SELECT p.id, p.user_id, p.is_hidden, ${hasVotedColumn(sql, viewer)} AS has_voted,
               ${myRatingColumn(sql, viewer.userId)} AS my_rating
        FROM projects p WHERE p.id = ANY(${ids}::int[])
        ORDER BY p.id`;
    },

    /**
     * The public latest list: visible projects only, sorted on the server, one page. With `after` (a
     * project id, the last of the previous page) the page starts right after that project in the
     * sort (keyset: an index range scan, so a deep page costs what the first does); else at `offset`.
     */
    async listProjects(opts: {
      sort: LatestSort;
      offset: number;
      limit: number;
      viewer: Viewer | null;
      q?: string;
      after?: number;
    }): Promise<ProjectRow[]> {
      return sql<ProjectRow[]>`
        SELECT ${projectColumns(sql, opts.viewer)}
        FROM projects p LEFT JOIN users u ON u.id = p.user_id
        WHERE NOT p.is_hidden
          ${opts.q ? sql`AND ${projectMatches(sql, opts.q)}` : sql``}
          ${opts.after === undefined ? sql`` : sql`AND ${latestKeyset(sql, opts.sort, opts.after)}`}
        ORDER BY ${latestOrder(sql, opts.sort)}
        LIMIT ${opts.limit} OFFSET ${opts.after === undefined ? opts.offset : 0}`;
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

    /** Takes `n` votes weighing `w` off a project's counters (a deleted user's votes), never below 0. */
    async subtractVotes(projectId: number, n: number, w: number): Promise<void> {
      await sql`UPDATE projects SET votes = GREATEST(votes - ${n}, 0), weighted_votes = GREATEST(weighted_votes - ${w}, 0)
                WHERE id = ${projectId}`;
    },

    /**
     * Recomputes the projects' totalRatings and averageRating (rounded to numeric(3,1)) from their
     * rating rows; answers them by project id. Call it with the project rows locked (lockProject), so
     * two concurrent ratings cannot both compute from a snapshot missing the other's row.
     */
    async refreshRatingStats(
      projectIds: number[],
    ): Promise<Map<number, { averageRating: number; totalRatings: number }>> {
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

    /**
     * Recomputes one project's totalRatings and averageRating from its rating rows, with its row
     * locked (lockProject), and answers the updated row as `viewer` sees it.
     */
    async refreshRatingStatsOf(projectId: number, viewer: Viewer): Promise<ProjectRow> {
      const [row] = await sql<ProjectRow[]>`
        WITH stats AS (
          UPDATE projects p
          SET total_ratings = s.total, average_rating = s.average
          FROM (SELECT count(*)::int AS total, coalesce(round(avg(rating), 1), 0) AS average FROM ratings WHERE project_id = ${projectId}) s
          WHERE p.id = ${projectId}
          RETURNING p.*
        )
        SELECT ${projectColumns(sql, viewer)} FROM stats p LEFT JOIN users u ON u.id = p.user_id`;
      return row!;
    },

    /** Adds one to the project's report counter; the new count. */
    async incrementReportCount(projectId: number): Promise<number> {
      const [row] = await sql<{ reportCount: number }[]>`
        UPDATE projects SET report_count = report_count + 1 WHERE id = ${projectId} RETURNING report_count`;
      return row!.reportCount;
    },

    /**
     * Recounts the project's live comments (not deleted, not hidden; index comments_live_idx); call it
     * with the project row locked (lockProject). Answers the new count.
     */
    async refreshCommentCount(projectId: number): Promise<number> {
      const [row] = await sql<{ commentCount: number }[]>`
        UPDATE projects SET comment_count = (
          SELECT count(*) FROM comments c WHERE c.project_id = ${projectId} AND c.deleted_at IS NULL AND NOT c.hidden
        ) WHERE id = ${projectId} RETURNING comment_count`;
      return row!.commentCount;
    },

    /**
     * Recounts the project's live updates and the time of its newest (index project_updates_project_idx);
     * call it with the project row locked (lockProject). Answers the new count.
     */
    async refreshUpdateStats(projectId: number): Promise<number> {
      const [row] = await sql<{ updateCount: number }[]>`
        UPDATE projects p SET update_count = s.n, last_update_at = s.newest
        FROM (SELECT count(*)::int AS n, max(d.created_at) AS newest FROM project_updates d
              WHERE d.project_id = ${projectId} AND d.deleted_at IS NULL) s
        WHERE p.id = ${projectId} RETURNING p.update_count`;
      return row!.updateCount;
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
