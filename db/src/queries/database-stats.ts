import type { Tx } from '../sql';

/** Connections of this database by application name and state (a metrics scrape reads them). */
export interface ConnectionCount {
  application: string;
  state: string;
  /** Of them, how many wait for a lock. */
  waiting: number;
  count: number;
}

/** What PostgreSQL says about the connections to this database (pg_stat_activity); only reads. */
export function makeDatabaseStatsQueries(sql: Tx) {
  return {
    /** Client connections to the current database, grouped by application_name and state. */
    async connections(): Promise<ConnectionCount[]> {
      const rows = await sql<{ application: string; state: string; waiting: string; count: string }[]>`
        SELECT application_name AS application, coalesce(state, 'unknown') AS state,
               count(*) FILTER (WHERE wait_event_type = 'Lock') AS waiting, count(*) AS count
        FROM pg_stat_activity
        WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
        GROUP BY 1, 2`;
      return rows.map((r) => ({
        application: r.application,
        state: r.state,
        waiting: Number(r.waiting),
        count: Number(r.count),
      }));
    },
  };
}
