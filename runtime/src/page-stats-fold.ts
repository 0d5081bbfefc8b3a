import { randomUUID } from 'node:crypto';
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
 * How long one fold may hold the counters: two folds at once (the minute's and the hour's, or two
 * workers) could otherwise write a count read before the other's newer one, which would then stay
 * until the project's next view. A fold that finds them held leaves them to the next.
 */
const COUNTERS_LOCK_MS = 30_000;

/** Releases the lock only when it is still this fold's. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** Writes the Redis counters of yesterday and today, under the counters' lock; answers the projects written. */
async function foldCounters(target: FoldTarget, today: string): Promise<number> {
  const lock = `${target.prefix}stats:fold-lock`;
  const token = randomUUID();
  if ((await target.redis.set(lock, token, 'PX', COUNTERS_LOCK_MS, 'NX')) === null) return 0;
  try {
    let projects = 0;
    for (const day of [dayBefore(today), today]) {
      const counters = pageStatsCounters(target.redis, target.prefix, day);
      const taken = await counters.take();
      await makeProjectStatsQueries(target.sql).foldCounters(day, taken);
      await counters.done();
      projects += taken.length;
    }
    return projects;
  } finally {
    await target.redis.eval(RELEASE, 1, lock, token);
  }
}

/**
 * Folds the stats of today and yesterday into project_daily_stats: the Redis counters of the projects
 * counted since the last fold (views, visitors, clicks, sources), every project's impressions, and the
 * votes of the last `voteDays` days. Every write is the day's whole value, so a fold run twice, or one
 * that failed half way and runs again, writes the same rows. Answers how many projects' counters it wrote.
 */
export async function foldStats(target: FoldTarget, voteDays: number, now = new Date()): Promise<number> {
  const today = statsDay(now);
  const stats = makeProjectStatsQueries(target.sql);
  const projects = await foldCounters(target, today);
  for (const day of [dayBefore(today), today]) await stats.foldImpressions(day);
  let day = today;
  for (let i = 0; i < Math.max(voteDays, 1); i++, day = dayBefore(day)) await stats.foldVotes(day);
  return projects;
}
