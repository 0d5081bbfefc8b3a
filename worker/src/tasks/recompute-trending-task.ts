import { z } from 'zod';
import { TRENDING_PERIODS } from '@vitrine/domain/constants';
import { makeRankingQueries } from '@vitrine/db/queries/rankings';
import { JOB } from '../job-names';
import { STALE } from '@vitrine/runtime/stale-reads';
import { defineTask } from './task';
import { notifyTrendingTop } from '../notifications/fan-out';

/** Recomputes one trending period's board (set-based SQL, swapped in one short transaction). */
export const RecomputeTrendingTask = defineTask({
  name: JOB.recomputeTrending,
  schema: z.object({ period: z.enum(TRENDING_PERIODS) }),
  async run(ctx, { period }) {
    const swap = await makeRankingQueries(ctx.sql).recomputeTrending(period);
    // The API nodes' cached board reads are now stale, if a row of the board changed (a scheduled
    // recompute with no vote in or out of the window changes none).
    if (swap.changed) await ctx.live.announceStale([STALE.boards]);
    if (swap.changed && period === 'today') await notifyTrendingTop(ctx);
  },
});
