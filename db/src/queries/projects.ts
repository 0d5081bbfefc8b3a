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
    ${hasVoted} AS has_voted, ${myRating} AS my_rating`;
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
     * Counts one view per viewer key (user, else IP) per project per UTC day; answers the project's
     * views afterwards. The day row and the counter commit together in the caller's transaction.
     */
    async recordView(projectId: number, viewerKey: string): Promise<number> {
      const inserted = await sql`
        INSERT INTO project_views (project_id, viewer, day)
        VALUES (${projectId}, ${viewerKey}, (now() AT TIME ZONE 'UTC')::date)
        ON CONFLICT DO NOTHING
        RETURNING 1`;
      const [row] =
        inserted.length > 0
          ? await sql<{ views: number }[]>`UPDATE projects SET views = views + 1 WHERE id = ${projectId} RETURNING views`
          : await sql<{ views: number }[]>`SELECT views FROM projects WHERE id = ${projectId}`;
      return row!.views;
    },
  };
}
