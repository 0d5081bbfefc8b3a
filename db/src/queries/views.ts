import type { Tx } from '../sql';
import { projectRead, type Actor } from './project-access';
import { addViewFrom } from './projects';

/** Queries on project_views (one row per viewer per project per UTC day). Pass the pool or a transaction. */
export function makeViewQueries(sql: Tx) {
  return {
    /**
     * Counts one view per viewer key (user, else IP) per project per UTC day, in one statement (it
     * writes project_views and, composed from projects.ts, the projects counter together): answers
     * the project's views afterwards, whether this view counted and the project's owner, or undefined
     * when the actor may not read the project (missing, or hidden and not theirs).
     */
    async recordView(input: {
      projectId: number;
      viewerKey: string;
      actor: Actor;
    }): Promise<{ views: number; counted: boolean; ownerId: number | null } | undefined> {
      const [row] = await sql<{ readable: boolean; views: number; counted: boolean; ownerId: number | null }[]>`
        WITH target AS (
          SELECT p.id, p.views, p.user_id, ${projectRead.sql(sql, input.actor)} AS readable FROM projects p WHERE p.id = ${input.projectId}
        ), seen AS (
          INSERT INTO project_views (project_id, viewer, day)
          SELECT id, ${input.viewerKey}, (now() AT TIME ZONE 'UTC')::date FROM target WHERE readable
          ON CONFLICT DO NOTHING
          RETURNING project_id
        ), counted AS (
          ${addViewFrom(sql, sql`SELECT project_id FROM seen`)}
        )
        SELECT t.readable, coalesce((SELECT views FROM counted), t.views) AS views, EXISTS (SELECT FROM counted) AS counted,
               t.user_id AS owner_id
        FROM target t`;
      return row?.readable ? { views: row.views, counted: row.counted, ownerId: row.ownerId } : undefined;
    },
  };
}
