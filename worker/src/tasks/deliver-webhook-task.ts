import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { WEBHOOK_ATTEMPTS } from '@vitrine/domain/webhooks';
import type { WorkerContext } from '../context';
import { JOB } from '../job-names';
import { deliverWebhook } from '../webhooks/delivery';
import { defineTask } from './task';

const schema = z.object({ deliveryId: z.number().int(), round: z.number().int().min(0) });
/** The data of a deliver-webhook job. */
export type DeliverWebhookData = z.infer<typeof schema>;

/**
 * BullMQ attempts of a delivery job: the delivery's own attempts (counted in the database, which
 * decides the last) and two to spare for runs that fail before their attempt is recorded.
 */
const JOB_ATTEMPTS = WEBHOOK_ATTEMPTS + 2;

/** A deliver-webhook job of the webhooks queue: one per delivery and round (a redelivery is a new round). */
export function webhookDeliveryJob(
  ctx: WorkerContext,
  data: DeliverWebhookData,
): { name: string; data: DeliverWebhookData; opts: JobsOptions } {
  return {
    name: JOB.deliverWebhook,
    data,
    opts: {
      jobId: `webhook-${data.deliveryId}-${data.round}`,
      attempts: JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: ctx.settings.webhookBackoffMs },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
    },
  };
}

/** Sends one attempt of a webhook delivery (worker/src/webhooks/delivery.ts); a failed one is retried with backoff. */
export const DeliverWebhookTask = defineTask({
  name: JOB.deliverWebhook,
  schema,
  async run(ctx, data) {
    await deliverWebhook(ctx, data.deliveryId, data.round);
  },
});
