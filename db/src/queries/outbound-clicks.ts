import type { Tx } from '../sql';

/** Queries on outbound_clicks (migration 0025): the visits Vitrine sent to hosted projects. */
export function makeOutboundClickQueries(sql: Tx) {
  return {
    /**
     * Records that `visitor` (an address key, or `u<id>` for a member) opened visible project `projectId`
     * through its outbound link, once a day; answers where it is hosted, or undefined when the project is
     * missing or hidden.
     */
    async recordClick(projectId: number, visitor: string): Promise<string | undefined> {
      const [row] = await sql<{ replitUrl: string }[]>`
        WITH project AS (SELECT id, replit_url FROM projects WHERE id = ${projectId} AND NOT is_hidden), click AS (
          INSERT INTO outbound_clicks (project_id, visitor) SELECT id, ${visitor} FROM project
          ON CONFLICT DO NOTHING
        )
        SELECT replit_url FROM project`;
      return row?.replitUrl;
    },

    /** How many days' clicks a project has had (tests). */
    async countClicks(projectId: number): Promise<number> {
      const [row] = await sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM outbound_clicks WHERE project_id = ${projectId}`;
      return row!.n;
    },
  };
}
