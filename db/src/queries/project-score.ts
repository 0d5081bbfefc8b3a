import { millisecondsInHour, type TrendingPeriod } from '@vitrine/domain/constants';
import { TRENDING_HALF_LIFE_MS, TRENDING_WINDOW_MS, VOTE_KINDS, type VoteKind } from '@vitrine/domain/rankings';
import type { Tx } from '../sql';

/** How a project's rank is computed (GET /api/projects/{id}/score); votes by kind exclude the flagged ones. */
export interface ProjectScoreRow {
  votes: number;
  weightedVotes: number;
  byKind: Record<VoteKind | 'flagged', number>;
  trending: { period: TrendingPeriod; score: number; windowVotes: number; ageHours: number; gravity: number };
  leaderboardRank: number | null;
  trendingRank: number | null;
}

/**
 * The place of projects row `p` on the all-time leaderboard as the last recompute left it (at most
 * BOARD_SIZE rows, hidden projects left out), or NULL when it is not on it. badges.ts composes it too.
 */
export function leaderboardRankColumn(sql: Tx) {
  return sql`(SELECT r.place FROM (
         SELECT le.project_id, row_number() OVER (ORDER BY le.weight DESC, le.votes DESC, le.rating_bound DESC, le.created_at ASC, le.project_id)::int AS place
         FROM leaderboard_entries le JOIN projects q ON q.id = le.project_id
         WHERE le.time_range = 'all' AND NOT q.is_hidden) r WHERE r.project_id = p.id)`;
}

/**
 * The explained score of visible project `projectId` at `now` for the trending `period`, or undefined
 * when it is missing or hidden. Reads the project's votes through votes_project_created_idx (so the
 * cost follows the project's own votes; the route shares the answer and spends the render budget), and
 * its places on the boards as the last recompute left them (each at most BOARD_SIZE rows).
 */
export async function projectScore(
  sql: Tx,
  projectId: number,
  period: TrendingPeriod,
  now: Date,
): Promise<ProjectScoreRow | undefined> {
  const halfLife = TRENDING_HALF_LIFE_MS[period];
  const since = new Date(now.getTime() - TRENDING_WINDOW_MS[period]);
  const [row] = await sql<
    {
      votes: number;
      weightedVotes: number;
      createdAt: Date;
      kinds: Record<string, number> | null;
      flagged: number;
      score: number;
      windowVotes: number;
      leaderboardRank: number | null;
      trendingRank: number | null;
    }[]
  >`
    SELECT p.votes, p.weighted_votes, p.created_at,
      (SELECT jsonb_object_agg(kind, n) FROM (
         SELECT v.kind, count(*)::int AS n FROM votes v WHERE v.project_id = p.id AND v.cluster_id IS NULL GROUP BY v.kind) k) AS kinds,
      (SELECT count(*)::int FROM votes v WHERE v.project_id = p.id AND v.cluster_id IS NOT NULL) AS flagged,
      (SELECT coalesce(sum(v.weight * power(0.5::float8, extract(epoch FROM (${now}::timestamptz - v.created_at))::float8 * 1000 / ${halfLife}::float8)), 0)::float8
       FROM votes v WHERE v.project_id = p.id AND v.created_at >= ${since}::timestamptz AND v.created_at <= ${now}::timestamptz
         AND v.user_id IS DISTINCT FROM p.user_id) AS score,
      (SELECT count(*)::int FROM votes v WHERE v.project_id = p.id AND v.created_at >= ${since}::timestamptz AND v.created_at <= ${now}::timestamptz) AS window_votes,
      ${leaderboardRankColumn(sql)} AS leaderboard_rank,
      (SELECT r.place FROM (
         SELECT ts.project_id, row_number() OVER (ORDER BY ts.weight DESC, ts.created_at DESC, ts.project_id DESC)::int AS place
         FROM trending_scores ts JOIN projects q ON q.id = ts.project_id
         WHERE ts.period = ${period} AND NOT q.is_hidden) r WHERE r.project_id = p.id) AS trending_rank
    FROM projects p WHERE p.id = ${projectId} AND NOT p.is_hidden`;
  if (!row) return undefined;
  const byKind = Object.fromEntries(VOTE_KINDS.map((k) => [k, row.kinds?.[k] ?? 0])) as Record<VoteKind, number>;
  return {
    votes: row.votes,
    weightedVotes: row.weightedVotes,
    byKind: { ...byKind, flagged: row.flagged },
    trending: {
      period,
      score: row.score,
      windowVotes: row.windowVotes,
      ageHours: Math.max(0, (now.getTime() - row.createdAt.getTime()) / millisecondsInHour),
      gravity: halfLife / millisecondsInHour,
    },
    leaderboardRank: row.leaderboardRank,
    trendingRank: row.trendingRank,
  };
}
