import type { Tx } from '../sql';

/** Who acts on a project in a one-statement write: the signed-in user's id and admin flag, or null for a visitor. */
export type Actor = { id: number; isAdmin: boolean } | null;

/** What the rule 'project.read' reads of a project. */
export interface ReadableProject {
  userId: number | null;
  isHidden: boolean;
}

/**
 * The rule 'project.read', written once for TypeScript and SQL: a visible project is readable by
 * anyone (a visitor too); a hidden one only by its owner or an admin. Being paused changes nothing.
 * api/src/policies.ts decides with `allows`; statements that decide inside their one round trip use
 * `sql` (one actor, known when the statement is built) or `sqlPerRow` (an actor per row, as castVotes
 * has). project-access.test.ts checks the three forms agree on every case.
 */
export const projectRead = {
  /** Whether `actor` may read `project`. */
  allows(actor: Actor, project: ReadableProject): boolean {
    if (!project.isHidden) return true;
    if (actor === null) return false;
    return actor.isAdmin || (project.userId !== null && project.userId === actor.id);
  },
  /** The rule as SQL over the projects row aliased `project` (default `p`), for one actor. */
  sql(sql: Tx, actor: Actor, project = 'p') {
    const p = sql(project);
    if (actor === null) return sql`NOT ${p}.is_hidden`;
    if (actor.isAdmin) return sql`true`;
    return sql`(NOT ${p}.is_hidden OR ${p}.user_id = ${actor.id})`;
  },
  /**
   * The rule as SQL where each row holds its own actor: `project` aliases a row with is_hidden and
   * user_id, `actor` one with user_id (NULL for a visitor) and is_admin.
   */
  sqlPerRow(sql: Tx, aliases: { project: string; actor: string }) {
    const p = sql(aliases.project);
    const a = sql(aliases.actor);
    return sql`(NOT ${p}.is_hidden OR ${a}.is_admin OR ${p}.user_id = ${a}.user_id)`;
  },
};

/** The member's own rating of a projects row `p` (one probe of its unique index); NULL for a visitor. */
export function myRatingColumn(sql: Tx, userId: number | null) {
  return userId !== null
    ? sql`(SELECT r.rating FROM ratings r WHERE r.project_id = p.id AND r.user_id = ${userId})`
    : sql`NULL::smallint`;
}

/**
 * The select list of a ProjectRow without has_voted and my_rating, for `p` (a projects row, or a CTE
 * returning one) joined with `u` (users).
 */
export function projectCoreColumns(sql: Tx) {
  return sql`
    p.id, p.title, p.description, p.replit_url, p.category, p.tags, p.user_id, u.username,
    p.votes, p.views, p.total_ratings, p.average_rating, p.report_count, p.comment_count, p.update_count, p.is_hidden, p.created_at,
    u.developer_tier_rating AS owner_tier_rating, u.developer_tier_count AS owner_tier_count,
    (SELECT h.since FROM project_health h WHERE h.project_id = p.id AND h.status = 'down') AS down_since`;
}

/**
 * The select list of a ProjectRow (without has_voted) for `p` (a projects row, or a CTE returning
 * one) joined with `u` (users): the member's own rating read through its unique index.
 */
export function projectRowColumns(sql: Tx, userId: number | null) {
  return sql`${projectCoreColumns(sql)}, ${myRatingColumn(sql, userId)} AS my_rating`;
}

/** Of `ids`, the projects `actor` may read ('project.read': visible, else own or admin); the order is not kept. */
export async function readableProjectIds(sql: Tx, ids: number[], actor: Actor): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await sql<
    { id: number }[]
  >`SELECT p.id FROM projects p WHERE p.id = ANY(${ids}::int[]) AND ${projectRead.sql(sql, actor)}`;
  return rows.map((row) => row.id);
}

/** The owner of project `id` (null when their account is gone), or undefined when there is no such project. */
export async function findProjectOwnerId(sql: Tx, id: number): Promise<number | null | undefined> {
  const [row] = await sql<{ userId: number | null }[]>`SELECT user_id FROM projects WHERE id = ${id}`;
  return row ? row.userId : undefined;
}

/** What the policies read of project `id` (owner, hidden), without a lock; undefined when there is no such project. */
export async function findProjectResource(
  sql: Tx,
  id: number,
): Promise<{ id: number; userId: number | null; isHidden: boolean } | undefined> {
  const [row] = await sql<{ id: number; userId: number | null; isHidden: boolean }[]>`
    SELECT id, user_id, is_hidden FROM projects WHERE id = ${id}`;
  return row;
}
