import type { Tx } from '../sql';

/** What gives an account standing: its age in days and how many things it did (votes, ratings, projects together). */
export interface Standing {
  minAgeDays: number;
  minActions: number;
}

/**
 * The SQL condition "the user `alias` has standing": an account at least `minAgeDays` old that cast at
 * least `minActions` votes, ratings and projects together (domain/src/constants.ts REPORT_STANDING_*).
 * The one definition, shared by the report auto-hide (reports.ts) and the ratings that count toward a
 * badge tier (user-ratings.ts), so fresh accounts made for the purpose count for neither.
 */
export function hasStanding(sql: Tx, alias: string, standing: Standing) {
  const u = sql(alias);
  return sql`(${u}.created_at <= now() - make_interval(days => ${standing.minAgeDays}::int)
    AND (SELECT count(*) FROM (
           (SELECT 1 FROM votes v WHERE v.user_id = ${u}.id LIMIT ${standing.minActions})
           UNION ALL (SELECT 1 FROM ratings g WHERE g.user_id = ${u}.id LIMIT ${standing.minActions})
           UNION ALL (SELECT 1 FROM projects o WHERE o.user_id = ${u}.id LIMIT ${standing.minActions})
         ) acts) >= ${standing.minActions})`;
}
