import { z } from 'zod';
import { makeRankingQueries } from '@vitrine/db/queries/rankings';
import { JOB } from '../job-names';
import { STALE } from '@vitrine/runtime/stale-reads';
import { defineTask } from './task';

/**
 * Recomputes the top-contributors board: whole (an aggregate over every visible project), or with
 * `votesOnly` brought up to the votes cast since (added to their owners' running totals).
 */
export const RecomputeTopContributorsTask = defineTask({
  name: JOB.recomputeTopContributors,
  schema: z.object({ votesOnly: z.boolean().default(false) }),
  async run(ctx, { votesOnly }) {
    const rankings = makeRankingQueries(ctx.sql);
    const swap = votesOnly ? await rankings.addVotesToTopContributors() : await rankings.recomputeTopContributors();
    // The API nodes' cached board reads are now stale, if a row of the board changed.
    if (swap.changed) await ctx.live.announceStale([STALE.boards]);
  },
});
