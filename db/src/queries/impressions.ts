import { RISING_MAX_AGE_HOURS, RISING_MAX_IMPRESSIONS } from '@vitrine/domain/constants';
import type { Tx } from '../sql';
import { projectColumns, type ProjectRow, type Viewer } from './projects';

/**
 * The newest eligible projects the shuffle draws from: the strip is the visitor's shuffle of these. A
 * bound on the rows one read touches, however many projects were submitted in 72 hours.
 */
export const RISING_POOL = 200;

/** Who sees the strip and when: the visitor key impressions are counted by, and the time of the read. */
export interface StripVisitor {
  /** `u:<user id>` for a member, else `ip:<address key>`. */
  key: string;
  /** The time the strip is read at: the 72-hour window ends here, and its UTC day seeds the shuffle and dates impressions. */
  now: Date;
}

/** The UTC day of `now`, YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The ids of a visitor's strip: visible projects under RISING_MAX_AGE_HOURS old with fewer than
 * RISING_MAX_IMPRESSIONS impressions (counting at most that many rows of one project), the newest
 * RISING_POOL of them, in an order fixed by the visitor and the day (md5 of both and the id).
 */
function stripIds(sql: Tx, visitor: StripVisitor, limit: number) {
  const seed = `${visitor.key}|${utcDay(visitor.now)}|`;
  return sql`
    SELECT pool.id, row_number() OVER (ORDER BY md5(${seed} || pool.id::text), pool.id) AS ord FROM (
      SELECT p.id FROM projects p
      WHERE NOT p.is_hidden
        AND p.created_at > ${visitor.now}::timestamptz - make_interval(hours => ${RISING_MAX_AGE_HOURS})
        AND p.created_at <= ${visitor.now}::timestamptz
        AND (SELECT count(*) FROM (
               SELECT 1 FROM project_impressions i WHERE i.project_id = p.id LIMIT ${RISING_MAX_IMPRESSIONS}
             ) seen) < ${RISING_MAX_IMPRESSIONS}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT ${RISING_POOL}
    ) pool
    ORDER BY ord
    LIMIT ${limit}`;
}

/** Queries on project_impressions (migration 0026) and the New & rising strip they decide. */
export function makeImpressionQueries(sql: Tx) {
  return {
    /** A visitor's strip, in its shuffled order, as project rows read for `viewer`. */
    async listStrip(visitor: StripVisitor, viewer: Viewer, limit: number): Promise<ProjectRow[]> {
      return sql<ProjectRow[]>`
        WITH strip AS (${stripIds(sql, visitor, limit)})
        SELECT ${projectColumns(sql, viewer)}
        FROM strip JOIN projects p ON p.id = strip.id LEFT JOIN users u ON u.id = p.user_id
        ORDER BY strip.ord`;
    },

    /**
     * Counts an impression of each of `projectIds` that is in the visitor's strip (of `stripSize`
     * projects), once per visitor per project per UTC day (the primary key); answers how many were new.
     */
    async countImpressions(visitor: StripVisitor, projectIds: number[], stripSize: number): Promise<number> {
      const [row] = await sql<{ counted: number }[]>`
        WITH strip AS (${stripIds(sql, visitor, stripSize)}),
        seen AS (
          INSERT INTO project_impressions (project_id, day, visitor)
          SELECT id, ${utcDay(visitor.now)}::date, ${visitor.key} FROM strip WHERE id = ANY(${projectIds}::int[])
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        SELECT count(*)::int AS counted FROM seen`;
      return row?.counted ?? 0;
    },
  };
}
