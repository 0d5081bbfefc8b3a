import { z } from 'zod';
import { LEADERBOARD_RANGES } from '@vitrine/domain/constants';
import { makeRankingQueries } from '@vitrine/db/queries/rankings';
import { JOB } from '../job-names';
import { STALE } from '@vitrine/runtime/stale-reads';
import { defineTask } from './task';

/** Recomputes one leaderboard range's board. */
export const RecomputeLeaderboardTask = defineTask({
  name: JOB.recomputeLeaderboard,
  schema: z.object({ range: z.enum(LEADERBOARD_RANGES) }),
  async run(ctx, { range }) {
    const swap = await makeRankingQueries(ctx.sql).recomputeLeaderboard(range);
    // The API nodes' cached board reads are now stale, if a row of the board changed (a scheduled
    // recompute with no vote in or out of the window changes none).
    if (swap.changed) await ctx.live.announceStale([STALE.boards]);
  },
});
