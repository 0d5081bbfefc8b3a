import {
  RISING_MAX_AGE_HOURS,
  RISING_MAX_IMPRESSIONS,
  REPORT_STANDING_MIN_ACTIONS,
  REPORT_STANDING_MIN_AGE_DAYS,
} from '@vitrine/domain/constants';
import { IMPRESSION_NETWORK_WEIGHT, IMPRESSION_WEIGHTS } from '@vitrine/domain/rankings';
import type { Tx } from '../sql';
import { hasStanding } from './standing';
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
  /** The member's id (null for a visitor) and the network (/24 or /48) the impression comes from: what it weighs. */
  userId?: number | null;
  network?: string | null;
}

/** The primary key of a project_impressions row. */
export interface ImpressionKey {
  projectId: number;
  day: string;
  visitor: string;
}

/** Rows of one project that can reach RISING_MAX_IMPRESSIONS, at most: every counted row weighs at least the lightest weight. */
const COUNTED_ROWS = Math.ceil(RISING_MAX_IMPRESSIONS / IMPRESSION_WEIGHTS.visitor);
/** Rows of one network on one project that can reach IMPRESSION_NETWORK_WEIGHT, at most. */
const NETWORK_ROWS = Math.ceil(IMPRESSION_NETWORK_WEIGHT / IMPRESSION_WEIGHTS.visitor);

/**
 * What a new impression by `visitor` of project `p.id` weighs (domain/src/rankings.ts IMPRESSION_WEIGHTS):
 * its kind's weight, as much of it as the network's impressions of the project leave below
 * IMPRESSION_NETWORK_WEIGHT (reading at most NETWORK_ROWS rows: project_impressions_network_idx). Held
 * impressions count toward that cap: a flood the scan held does not make room for more of itself.
 */
function impressionWeight(sql: Tx, visitor: StripVisitor) {
  const standing = { minAgeDays: REPORT_STANDING_MIN_AGE_DAYS, minActions: REPORT_STANDING_MIN_ACTIONS };
  const kind = sql`CASE
    WHEN ${visitor.userId ?? null}::int IS NULL THEN ${IMPRESSION_WEIGHTS.visitor}::float8
    WHEN EXISTS (SELECT 1 FROM users su WHERE su.id = ${visitor.userId ?? null}::int AND ${hasStanding(sql, 'su', standing)})
      THEN ${IMPRESSION_WEIGHTS.standing}::float8
    ELSE ${IMPRESSION_WEIGHTS.newMember}::float8 END`;
  return sql`least(${kind}, greatest(0, ${IMPRESSION_NETWORK_WEIGHT}::float8 - coalesce((
    SELECT sum(n.weight) FROM (
      SELECT i.weight FROM project_impressions i
      WHERE i.project_id = p.id AND i.network = ${visitor.network ?? null}::text AND i.weight > 0
      LIMIT ${NETWORK_ROWS}
    ) n), 0)))`;
}

/** The UTC day of `now`, YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The ids of a visitor's strip: visible projects under RISING_MAX_AGE_HOURS old whose impressions not
 * held by a ring weigh less than RISING_MAX_IMPRESSIONS together (reading at most COUNTED_ROWS rows of
 * one project: project_impressions_counted_idx), the newest
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
        AND (SELECT coalesce(sum(seen.weight), 0) FROM (
               SELECT i.weight FROM project_impressions i
               WHERE i.project_id = p.id AND i.weight > 0 AND i.cluster_id IS NULL LIMIT ${COUNTED_ROWS}
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
     * projects), once per visitor per project per UTC day (the primary key), with its network, time and
     * weight (impressionWeight); answers how many were new.
     */
    async countImpressions(visitor: StripVisitor, projectIds: number[], stripSize: number): Promise<number> {
      const [row] = await sql<{ counted: number }[]>`
        WITH strip AS (${stripIds(sql, visitor, stripSize)}),
        seen AS (
          INSERT INTO project_impressions (project_id, day, visitor, network, weight, created_at)
          SELECT p.id, ${utcDay(visitor.now)}::date, ${visitor.key}, ${visitor.network ?? null}::text,
                 ${impressionWeight(sql, visitor)}, ${visitor.now}::timestamptz
          FROM strip p WHERE p.id = ANY(${projectIds}::int[])
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        SELECT count(*)::int AS counted FROM seen`;
      return row?.counted ?? 0;
    },

    /** Holds `keys` for cluster `clusterId` (the integrity scan): a held impression counts for nothing. */
    async holdImpressions(clusterId: number, keys: ImpressionKey[]): Promise<void> {
      await sql`
        UPDATE project_impressions i SET cluster_id = ${clusterId}
        FROM jsonb_to_recordset(${sql.json(keys.map((k) => ({ ...k })))}) AS k("projectId" int, day date, visitor text)
        WHERE i.project_id = k."projectId" AND i.day = k.day AND i.visitor = k.visitor AND i.cluster_id IS NULL`;
    },

    /** Gives cluster `clusterId`'s impressions back (the ring was cleared). */
    async releaseImpressions(clusterId: number): Promise<void> {
      await sql`UPDATE project_impressions SET cluster_id = NULL WHERE cluster_id = ${clusterId}`;
    },
  };
}
