import type { LatestSort } from '@vitrine/domain/constants';
import type { Tx } from '../sql';
import { myRatingColumn, projectRowColumns, readableBy, type Actor } from './project-access';

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
export function hasVotedColumn(sql: Tx, viewer: Viewer) {
  // A correlated scalar subquery, not EXISTS: the planner may turn an EXISTS into one hashed scan of
  // every vote of this IP (a sequential scan of votes); this stays one index probe per listed row.
  const voteOf =
    viewer.userId !== null
      ? sql`v.user_id = ${viewer.userId}`
      : sql`v.user_id IS NULL AND v.ip_address = ${viewer.ip}`;
  return sql`coalesce((SELECT true FROM votes v WHERE v.project_id = p.id AND ${voteOf} LIMIT 1), false)`;
}

/**
 * The select list of a ProjectRow for `p` (projects) joined with `u` (users), with the viewer's vote
 * and rating. A null viewer reads the answer shared by everyone (not voted, no rating): cached reads.
 */
export function projectColumns(sql: Tx, viewer: Viewer | null) {
  if (viewer === null) return sql`${projectRowColumns(sql, null)}, false AS has_voted`;
  return sql`${projectRowColumns(sql, viewer.userId)}, ${hasVotedColumn(sql, viewer)} AS has_voted`;
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

/** Queries on projects (and their views). Pass the pool or a transaction. */
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
      return row ? { id, votes: row.votes, averageRating: Number(row.averageRating), totalRatings: row.totalRatings } : undefined;
    },

    /**
     * The viewer's vote and rating on each of `ids` (any that exist), with what the policies need
     * (owner, hidden): the small private call laid over the shared, cached reads.
     */
    async findViewerStates(ids: number[], viewer: Viewer): Promise<Array<Pick<ProjectRow, 'id' | 'userId' | 'isHidden' | 'hasVoted' | 'myRating'>>> {
      if (ids.length === 0) return [];
      return sql`
        SELECT p.id, p.user_id, p.is_hidden, ${hasVotedColumn(sql, viewer)} AS has_voted,
               ${myRatingColumn(sql, viewer.userId)} AS my_rating
        FROM projects p WHERE p.id = ANY(${ids}::int[])
        ORDER BY p.id`;
    },

    /** The public latest list: visible projects only, sorted on the server, one page. */
    async listProjects(opts: { sort: LatestSort; offset: number; limit: number; viewer: Viewer | null; q?: string }): Promise<ProjectRow[]> {
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

    /** Records a submission (the rate-limit audit trail of spec §3). */
    async recordSubmission(input: { ip: string; userId: number; projectId: number }): Promise<void> {
      await sql`INSERT INTO submissions (ip_address, user_id, project_id) VALUES (${input.ip}, ${input.userId}, ${input.projectId})`;
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

    /**
     * Counts one view per viewer key (user, else IP) per project per UTC day, in one statement: the
     * day row and the counter commit together. Answers the project's views afterwards and whether this
     * view counted, or undefined when the actor may not read the project (missing, or hidden and not theirs).
     */
    async recordView(input: { projectId: number; viewerKey: string; actor: Actor }): Promise<{ views: number; counted: boolean } | undefined> {
      const [row] = await sql<{ readable: boolean; views: number; counted: boolean }[]>`
        WITH target AS (
          SELECT p.id, p.views, ${readableBy(sql, input.actor)} AS readable FROM projects p WHERE p.id = ${input.projectId}
        ), seen AS (
          INSERT INTO project_views (project_id, viewer, day)
          SELECT id, ${input.viewerKey}, (now() AT TIME ZONE 'UTC')::date FROM target WHERE readable
          ON CONFLICT DO NOTHING
          RETURNING project_id
        ), counted AS (
          UPDATE projects p SET views = p.views + 1 FROM seen s WHERE p.id = s.project_id RETURNING p.views
        )
        SELECT t.readable, coalesce((SELECT views FROM counted), t.views) AS views, EXISTS (SELECT FROM counted) AS counted
        FROM target t`;
      return row?.readable ? { views: row.views, counted: row.counted } : undefined;
    },
  };
}
