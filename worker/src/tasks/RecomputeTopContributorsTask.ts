import { z } from 'zod';
import { makeRankingQueries } from '@vitrine/db/queries/rankings';
import { JOB } from '../queues';
import { STALE } from '@vitrine/runtime/stale-reads';
import { defineTask } from './task';

/** Recomputes the top-contributors board. */
export const RecomputeTopContributorsTask = defineTask({
  name: JOB.recomputeTopContributors,
  schema: z.object({}),
  async run(ctx) {
    await makeRankingQueries(ctx.sql).recomputeTopContributors();
    // The API nodes' cached board reads are now stale.
    await ctx.live.invalidate([STALE.boards]);
  },
});
