import { z } from 'zod';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { eventJob } from '@vitrine/runtime/queues';
import { JOB } from '../job-names';
import { defineTask, IDLE } from './task';

/** Events relayed per run; a backlog drains over the following runs. */
const RELAY_BATCH = 500;

/**
 * The outbox relay: enqueues events still unpublished a few seconds after
 * their commit (Redis was down, or the API died between commit and enqueue), marks them published,
 * and sends their live pushes late rather than never. An event enqueued twice is one job: the job
 * id is the event id.
 */
export const RelayOutboxTask = defineTask({
  name: JOB.relayOutbox,
  schema: z.object({}),
  async run(ctx) {
    const outbox = makeEventQueries(ctx.sql);
    const events = await outbox.listUnpublished(ctx.settings.relayAfterMs, RELAY_BATCH);
    if (events.length === 0) return IDLE;
    await ctx.queues.events.addBulk(events.map(eventJob));
    await outbox.markPublished(events.map((e) => e.id));
    ctx.log(`relayed ${events.length} unpublished event(s)`);
    await Promise.all(events.map((event) => ctx.live.announceAndPush([event])));
  },
});
