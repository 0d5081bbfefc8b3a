import { REPORT_STANDING_MIN_ACTIONS, REPORT_STANDING_MIN_AGE_DAYS } from '@vitrine/domain/constants';
import type { Tx } from '../sql';
import { hasStanding } from './standing';

/** Where a visible project's outbound link goes, and whether its owner has standing (standing.ts). */
export interface OutboundTarget {
  url: string;
  title: string;
  ownerHasStanding: boolean;
  /** This visitor's first click on the project today (the one the owner's stats count). */
  counted: boolean;
}

/** Queries on outbound_clicks (migration 0025): the visits Vitrine sent to hosted projects. */
export function makeOutboundClickQueries(sql: Tx) {
  return {
    /**
     * Records that `visitor` (an address key, or `u<id>` for a member) opened visible project `projectId`
     * through its outbound link, once a day; answers where it is hosted, its title, whether its owner
     * has standing and whether this click was the day's first, or undefined when the project is missing or hidden.
     */
    async recordClick(projectId: number, visitor: string): Promise<OutboundTarget | undefined> {
      const standing = { minAgeDays: REPORT_STANDING_MIN_AGE_DAYS, minActions: REPORT_STANDING_MIN_ACTIONS };
      const [row] = await sql<OutboundTarget[]>`
        WITH project AS (
          SELECT p.id, p.replit_url, p.title, coalesce(${hasStanding(sql, 'u', standing)}, false) AS owner_has_standing
          FROM projects p LEFT JOIN users u ON u.id = p.user_id
          WHERE p.id = ${projectId} AND NOT p.is_hidden
        ), click AS (
          INSERT INTO outbound_clicks (project_id, visitor) SELECT id, ${visitor} FROM project
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        SELECT replit_url AS url, title, owner_has_standing, EXISTS (SELECT FROM click) AS counted FROM project`;
      return row;
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
