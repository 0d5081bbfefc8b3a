import { z } from 'zod';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { JOB } from '../job-names';
import { defineTask, IDLE } from './task';

/** Published events are kept this long (for looking into what happened), then deleted. */
const OUTBOX_RETENTION_MS = 7 * 24 * 3600_000;
/** How often the scheduler prunes. */
export const PRUNE_OUTBOX_EVERY_MS = 3600_000;

/** Keeps the outbox small: deletes published events past their retention, in batches. */
export const PruneOutboxTask = defineTask({
  name: JOB.pruneOutbox,
  schema: z.object({}),
  async run(ctx) {
    const deleted = await makeEventQueries(ctx.sql).prunePublished(OUTBOX_RETENTION_MS);
    if (deleted === 0) return IDLE;
    ctx.log(`pruned ${deleted} published event(s)`);
  },
});
