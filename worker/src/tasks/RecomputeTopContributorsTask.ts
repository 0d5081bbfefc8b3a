import { z } from 'zod';
import { makeRankingQueries } from '@vitrine/db/queries/rankings';
import { JOB } from '../queues';
import { defineTask } from './task';

/** Recomputes the top-contributors board. */
export const RecomputeTopContributorsTask = defineTask({
  name: JOB.recomputeTopContributors,
  schema: z.object({}),
  async run(ctx) {
    await makeRankingQueries(ctx.sql).recomputeTopContributors();
  },
});
