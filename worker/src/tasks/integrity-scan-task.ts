import { z } from 'zod';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { runIntegrityScan } from '@vitrine/db/queries/integrity';
import { eventJob } from '@vitrine/runtime/queues';
import { JOB } from '../job-names';
import { defineTask, IDLE } from './task';

/**
 * The integrity scan (every INTEGRITY_SCAN_SECONDS): files the rings among the recent votes and
 * impressions and holds them at weight 0 pending review, and weighs in the members who reached standing
 * (db/src/queries/integrity.ts). Each filed ring's integrity.clusterFlagged event is published at
 * once, as the relay would: the admins' live alert, the stale shared reads and the boards' recompute.
 * A rerun files nothing twice (a ring's fingerprint).
 */
export const IntegrityScanTask = defineTask({
  name: JOB.integrityScan,
  schema: z.object({}),
  async run(ctx) {
    const result = await runIntegrityScan(ctx.sql);
    if (result.events.length > 0) {
      await ctx.queues.events.addBulk(result.events.map(eventJob));
      await makeEventQueries(ctx.sql).markPublished(result.events.map((e) => e.id));
      await Promise.all(result.events.map((event) => ctx.live.announceAndPush([event])));
      ctx.log(`integrity scan filed ${result.clusterIds.length} cluster(s)`);
    }
    if (result.promoted > 0)
      ctx.log(`integrity scan weighed ${result.promoted} vote(s) of members who reached standing`);
    if (result.events.length === 0 && result.promoted === 0) return IDLE;
  },
});
