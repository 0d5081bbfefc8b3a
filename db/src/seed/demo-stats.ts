import type { Sql } from '../sql';
import { makeProjectStatsQueries } from '../queries/project-stats';

/** Days of the Stats tab the demo fills: its longest window. */
const DEMO_STATS_DAYS = 90;

/**
 * The demo's Stats tab (project_daily_stats): each day's visitors are the demo's viewers of that day
 * (project_views), with half as many repeat views again, a quarter of them clicking through, and their
 * sources shared out among a few sites, a newsletter and direct visits; the votes and impressions of
 * each day are folded from the demo's own rows as the worker's fold-stats job folds them.
 */
export async function seedStats(sql: Sql, now: Date): Promise<void> {
  await sql`
    INSERT INTO project_daily_stats (project_id, day, views, visitors, clicks, referrers)
    SELECT project_id, day, views, visitors, visitors / 4,
           jsonb_strip_nulls(jsonb_build_object(
             'forum.example', nullif(views * 3 / 10, 0),
             'news.example', nullif(views / 5, 0),
             'newsletter', nullif(views / 10, 0),
             '(direct)', nullif(views - views * 3 / 10 - views / 5 - views / 10, 0)))
    FROM (
      SELECT project_id, day, count(*)::int AS visitors, (count(*) + count(*) / 2)::int AS views
      FROM project_views WHERE day > ${now}::date - ${DEMO_STATS_DAYS}::int GROUP BY project_id, day
    ) seen
    ON CONFLICT (project_id, day) DO NOTHING`;
  const stats = makeProjectStatsQueries(sql);
  for (let i = 0; i < DEMO_STATS_DAYS; i++) {
    const day = new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    await stats.foldVotes(day);
    await stats.foldImpressions(day);
  }
}
