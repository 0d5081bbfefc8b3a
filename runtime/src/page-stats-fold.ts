import type { Redis } from 'ioredis';
import type { Sql } from '@vitrine/db/sql';
import { makeProjectStatsQueries } from '@vitrine/db/queries/project-stats';
import { dayBefore, pageStatsCounters, statsDay } from './page-stats';

/** What one fold needs: the database, the Redis of the counters and their prefix. */
export interface FoldTarget {
  sql: Sql;
  redis: Redis;
  prefix: string;
}

/**
 * Folds the stats of today and yesterday into project_daily_stats: the Redis counters of the projects
 * counted since the last fold (views, visitors, clicks, sources), every project's impressions, and the
 * votes of the last `voteDays` days. Every write is the day's whole value, so a fold run twice, or one
 * that failed half way and runs again, writes the same rows.
 */
export async function foldStats(target: FoldTarget, voteDays: number, now = new Date()): Promise<number> {
  const today = statsDay(now);
  const stats = makeProjectStatsQueries(target.sql);
  let projects = 0;
  for (const day of [dayBefore(today), today]) {
    const counters = pageStatsCounters(target.redis, target.prefix, day);
    const taken = await counters.take();
    await stats.foldCounters(day, taken);
    await counters.done();
    await stats.foldImpressions(day);
    projects += taken.length;
  }
  let day = today;
  for (let i = 0; i < Math.max(voteDays, 1); i++, day = dayBefore(day)) await stats.foldVotes(day);
  return projects;
}
