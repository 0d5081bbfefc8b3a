import type { Tx } from '../sql';

/** Queries on project_views (one row per viewer per project per UTC day). Pass the pool or a transaction. */
export function makeViewQueries(sql: Tx) {
  return {
    /** Records today's view of `viewerKey` (user, else IP); false when this viewer was already counted today. */
    async insertView(projectId: number, viewerKey: string): Promise<boolean> {
      const rows = await sql`
        INSERT INTO project_views (project_id, viewer, day)
        VALUES (${projectId}, ${viewerKey}, (now() AT TIME ZONE 'UTC')::date)
        ON CONFLICT DO NOTHING
        RETURNING 1`;
      return rows.length > 0;
    },
  };
}
