import type { DailyStatsRow } from '@vitrine/db/queries/project-stats';
import type { ProjectStats, ProjectStatsDay } from '@vitrine/domain/answers';
import { STATS_TOP_SOURCES, VOTE_REASONS } from '@vitrine/domain/stats';

const DAY_MS = 86_400_000;

/** The UTC days of a window of `days` days ending with the day of `now`, oldest first (YYYY-MM-DD). */
export function windowDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Rounds a weight for the answer (weights are quarters; sums of floats drift). */
const weight = (n: number) => Math.round(n * 100) / 100;

/**
 * GET /api/projects/{id}/stats: every day of the window (a day without a row is all zeros), the
 * window's top sources summed over its days, and its votes by reason (every reason, zeros included).
 */
export function presentProjectStats(days: string[], rows: DailyStatsRow[]): ProjectStats {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const sources = new Map<string, number>();
  const reasons = new Map(VOTE_REASONS.map((reason) => [reason, { raw: 0, counted: 0 }]));
  const answerDays = days.map((date): ProjectStatsDay => {
    const row = byDay.get(date);
    if (!row) return { date, views: 0, visitors: 0, clicks: 0, impressions: 0, exposure: 0, votes: 0, countedVotes: 0 };
    for (const [source, visits] of Object.entries(row.referrers))
      sources.set(source, (sources.get(source) ?? 0) + visits);
    for (const [reason, n] of Object.entries(row.voteSources)) {
      const total = reasons.get(reason as (typeof VOTE_REASONS)[number]);
      if (!total || !n) continue;
      total.raw += n.raw;
      total.counted += n.counted;
    }
    return {
      date,
      views: row.views,
      visitors: row.visitors,
      clicks: row.clicks,
      impressions: row.impressions,
      exposure: weight(row.exposure),
      votes: row.votes,
      countedVotes: weight(row.countedVotes),
    };
  });
  return {
    windowDays: days.length,
    days: answerDays,
    referrers: [...sources]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .slice(0, STATS_TOP_SOURCES)
      .map(([source, visits]) => ({ source, visits })),
    voteSources: [...reasons].map(([reason, n]) => ({ reason, raw: n.raw, counted: weight(n.counted) })),
  };
}
