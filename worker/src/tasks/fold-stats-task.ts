import { z } from 'zod';
import { foldStats } from '@vitrine/runtime/page-stats-fold';
import { RING_RULES } from '@vitrine/domain/rankings';
import { JOB } from '../job-names';
import { defineTask, IDLE } from './task';

/** How often today's stats are folded: the Stats tab is at most this far behind. */
export const FOLD_STATS_EVERY_MS = 60_000;
/** How often the votes of the last days are folded again, for the weights the integrity scan changed since. */
export const REFOLD_VOTES_EVERY_MS = 3600_000;
/** Days whose votes the hourly fold writes again: the integrity scan's longest lookback, and today. */
export const REFOLD_VOTE_DAYS = Math.ceil(RING_RULES.coVoteLookbackMs / 86_400_000) + 1;

/** The fold-stats job: every minute for today's stats, every hour with the votes of REFOLD_VOTE_DAYS days. */
export const FoldStatsTask = defineTask({
  name: JOB.foldStats,
  schema: z.object({ voteDays: z.number().int().min(1).max(31).default(2) }),
  async run(ctx, data) {
    const projects = await foldStats({ sql: ctx.sql, redis: ctx.redis, prefix: ctx.config.redisPrefix }, data.voteDays);
    if (projects === 0) return IDLE;
    ctx.log(`folded the stats counters of ${projects} project(s)`);
  },
});
