import { OTHER_SOURCE, STATS_TOP_SOURCES, type VoteReason } from '@vitrine/domain/stats';
import type { Tx } from '../sql';

/** A project's counters of one day as the worker folds them from Redis (runtime/src/page-stats.ts). */
export interface FoldedCounters {
  projectId: number;
  views: number;
  visitors: number;
  clicks: number;
  sources: Record<string, number>;
}

/** One row of project_daily_stats. */
export interface DailyStatsRow {
  day: string;
  views: number;
  visitors: number;
  clicks: number;
  impressions: number;
  exposure: number;
  votes: number;
  countedVotes: number;
  voteSources: Partial<Record<VoteReason, { raw: number; counted: number }>>;
  referrers: Record<string, number>;
}

/** Rows one fold statement writes at most. */
const WRITE_BATCH = 1000;

/** The top STATS_TOP_SOURCES of `sources`, the rest added up under OTHER_SOURCE. */
export function topSources(sources: Record<string, number>, top = STATS_TOP_SOURCES): Record<string, number> {
  const ranked = Object.entries(sources)
    .filter(([source, n]) => source !== OTHER_SOURCE && n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const kept = Object.fromEntries(ranked.slice(0, top));
  const rest = ranked.slice(top).reduce((sum, [, n]) => sum + n, sources[OTHER_SOURCE] ?? 0);
  return rest > 0 ? { ...kept, [OTHER_SOURCE]: rest } : kept;
}

/**
 * Queries on project_daily_stats (migration 0034): the worker's folds, each idempotent (it writes what
 * the day's events add up to, never adds to what is there), and the owner's read.
 */
export function makeProjectStatsQueries(sql: Tx) {
  return {
    /**
     * Writes the Redis counters of `day` for their projects: views, visitors (never more than views),
     * clicks and the day's top sources. A project deleted since is skipped.
     */
    async foldCounters(day: string, counters: FoldedCounters[]): Promise<void> {
      for (let i = 0; i < counters.length; i += WRITE_BATCH) {
        const rows = counters.slice(i, i + WRITE_BATCH).map((c) => ({
          projectId: c.projectId,
          views: c.views,
          visitors: Math.min(c.visitors, c.views),
          clicks: c.clicks,
          referrers: topSources(c.sources),
        }));
        await sql`
          INSERT INTO project_daily_stats (project_id, day, views, visitors, clicks, referrers)
          SELECT r."projectId", ${day}::date, r.views, r.visitors, r.clicks, r.referrers
          FROM jsonb_to_recordset(${sql.json(rows)}) AS r("projectId" int, views int, visitors int, clicks int, referrers jsonb)
          JOIN projects p ON p.id = r."projectId"
          ON CONFLICT (project_id, day) DO UPDATE
          SET views = EXCLUDED.views, visitors = EXCLUDED.visitors, clicks = EXCLUDED.clicks, referrers = EXCLUDED.referrers`;
      }
    },

    /**
     * Writes the votes cast on `day` (UTC) for every project: raw count, weight, and both by reason (a
     * vote a ring holds is `ring`, weighing 0); a row whose votes are gone is zeroed. Reads the day's
     * votes through votes_created_at_idx.
     */
    async foldVotes(day: string): Promise<void> {
      await sql`
        WITH by_reason AS (
          SELECT v.project_id, CASE WHEN v.cluster_id IS NOT NULL THEN 'ring' ELSE v.kind END AS reason,
                 count(*)::int AS raw, sum(v.weight)::float8 AS counted
          FROM votes v
          WHERE v.created_at >= ${day}::date::timestamp AT TIME ZONE 'UTC'
            AND v.created_at < (${day}::date + 1)::timestamp AT TIME ZONE 'UTC'
          GROUP BY 1, 2
        ), per_project AS (
          SELECT project_id, sum(raw)::int AS votes, sum(counted)::float8 AS counted_votes,
                 jsonb_object_agg(reason, jsonb_build_object('raw', raw, 'counted', counted)) AS vote_sources
          FROM by_reason GROUP BY project_id
        ), written AS (
          INSERT INTO project_daily_stats (project_id, day, votes, counted_votes, vote_sources)
          SELECT project_id, ${day}::date, votes, counted_votes, vote_sources FROM per_project
          ON CONFLICT (project_id, day) DO UPDATE
          SET votes = EXCLUDED.votes, counted_votes = EXCLUDED.counted_votes, vote_sources = EXCLUDED.vote_sources
        )
        UPDATE project_daily_stats s SET votes = 0, counted_votes = 0, vote_sources = '{}'
        WHERE s.day = ${day}::date AND s.votes > 0
          AND NOT EXISTS (SELECT 1 FROM per_project pp WHERE pp.project_id = s.project_id)`;
    },

    /**
     * Writes the New & rising impressions of `day` for every project: how many, and the weight they
     * carried (one a ring holds counts 0). Reads them through project_impressions_created_idx.
     */
    async foldImpressions(day: string): Promise<void> {
      await sql`
        WITH per_project AS (
          SELECT i.project_id, count(*)::int AS impressions,
                 coalesce(sum(i.weight) FILTER (WHERE i.cluster_id IS NULL), 0)::float8 AS exposure
          FROM project_impressions i
          WHERE i.created_at >= ${day}::date::timestamp AT TIME ZONE 'UTC'
            AND i.created_at < (${day}::date + 1)::timestamp AT TIME ZONE 'UTC'
          GROUP BY i.project_id
        ), written AS (
          INSERT INTO project_daily_stats (project_id, day, impressions, exposure)
          SELECT project_id, ${day}::date, impressions, exposure FROM per_project
          ON CONFLICT (project_id, day) DO UPDATE SET impressions = EXCLUDED.impressions, exposure = EXCLUDED.exposure
        )
        UPDATE project_daily_stats s SET impressions = 0, exposure = 0
        WHERE s.day = ${day}::date AND s.impressions > 0
          AND NOT EXISTS (SELECT 1 FROM per_project pp WHERE pp.project_id = s.project_id)`;
    },

    /** The rows of project `projectId` from `from` to `to` (UTC days, both included), oldest first: one primary-key range. */
    async listDays(projectId: number, from: string, to: string): Promise<DailyStatsRow[]> {
      // Both JSON columns as text, parsed here: the pool's camelCase transform would rewrite a source's
      // key such as `my_site`, and walking every key of every row cost an eighth of a year's read.
      const rows = await sql<
        (Omit<DailyStatsRow, 'referrers' | 'voteSources'> & { referrersJson: string; voteSourcesJson: string })[]
      >`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, views, visitors, clicks, impressions, exposure,
               votes, counted_votes, vote_sources::text AS vote_sources_json, referrers::text AS referrers_json
        FROM project_daily_stats
        WHERE project_id = ${projectId} AND day >= ${from}::date AND day <= ${to}::date
        ORDER BY day`;
      return rows.map(({ referrersJson, voteSourcesJson, ...row }) => ({
        ...row,
        voteSources: JSON.parse(voteSourcesJson) as DailyStatsRow['voteSources'],
        referrers: JSON.parse(referrersJson) as Record<string, number>,
      }));
    },
  };
}
