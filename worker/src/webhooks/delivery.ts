import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeWebhookQueries, type DeliveryStatus, type DeliveryToSend } from '@vitrine/db/queries/webhooks';
import type { StoredEvent } from '@vitrine/domain/events';
import { WEBHOOK_ATTEMPTS, WEBHOOK_HEADERS } from '@vitrine/domain/webhooks';
import { eventJob } from '@vitrine/runtime/queues';
import type { WorkerContext } from '../context';
import { sendAttempt, type AttemptResult } from './sender';
import { signatureHeader } from './signature';

/** An attempt that failed and will be tried again: the job fails, and BullMQ retries it after its backoff. */
export class RetryLater extends Error {}

/** The headers of an attempt of `delivery` sent at `unixSeconds`. */
export function deliveryHeaders(
  delivery: Pick<DeliveryToSend, 'id' | 'event' | 'body' | 'secret'>,
  unixSeconds: number,
) {
  return {
    [WEBHOOK_HEADERS.event]: delivery.event,
    [WEBHOOK_HEADERS.delivery]: String(delivery.id),
    [WEBHOOK_HEADERS.signature]: signatureHeader(delivery.secret, delivery.body, unixSeconds),
  };
}

/** The status an attempt leaves its delivery in: delivered, failed after the round's last attempt, or pending. */
function statusAfter(result: AttemptResult, roundAttempt: number): DeliveryStatus {
  if (result.outcome === 'ok') return 'delivered';
  return roundAttempt >= WEBHOOK_ATTEMPTS ? 'failed' : 'pending';
}

/**
 * Records an attempt and what it settles, in one transaction: the delivery's status, and when it ended
 * the webhook's failures in a row (a success switches it back on; the failure that reaches the limit
 * switches it off, with the webhook.disabled event that tells its owner). Answers the status and the
 * events to publish; undefined when the delivery was changed meanwhile (gone, or another round).
 */
async function record(
  ctx: WorkerContext,
  sent: DeliveryToSend,
  result: AttemptResult,
): Promise<{ status: DeliveryStatus; events: StoredEvent[] } | undefined> {
  return ctx.sql.begin(async (tx) => {
    const webhooks = makeWebhookQueries(tx);
    const now = await webhooks.lockDelivery(sent.id);
    if (!now || now.status !== 'pending' || now.round !== sent.round) return undefined;
    const status = statusAfter(result, now.roundAttempts + 1);
    await webhooks.recordAttempt(sent.id, { attempt: now.attempts + 1, ...result }, status);
    if (status === 'pending') return { status, events: [] };
    const settled = await webhooks.settle(sent.webhookId, status === 'delivered');
    if (!settled?.switchedOff) return { status, events: [] };
    const events = await makeEventQueries(tx).recordEvents([
      { name: 'webhook.disabled', webhookId: sent.webhookId, userId: settled.userId },
    ]);
    return { status, events };
  });
}

/** Publishes events written by the worker at once; should that fail, the outbox relay publishes them. */
async function publish(ctx: WorkerContext, events: StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  try {
    await ctx.queues.events.addBulk(events.map(eventJob));
    await makeEventQueries(ctx.sql).markPublished(events.map((e) => e.id));
  } catch (err) {
    ctx.log('webhook event left to the outbox relay', err);
  }
}

/**
 * Sends one attempt of delivery `deliveryId` (round `round`) and records it. No transaction is open
 * while the receiver is contacted. A failed attempt before the round's last throws RetryLater, so the
 * job is retried with exponential backoff; a delivery that is gone, settled or in another round is
 * left alone.
 */
export async function deliverWebhook(
  ctx: WorkerContext,
  deliveryId: number,
  round: number,
): Promise<DeliveryStatus | null> {
  const delivery = await makeWebhookQueries(ctx.sql).findDelivery(deliveryId);
  if (!delivery || delivery.status !== 'pending' || delivery.round !== round) return null;
  const request = {
    url: delivery.url,
    body: delivery.body,
    headers: deliveryHeaders(delivery, Math.floor(Date.now() / 1000)),
  };
  const rules = { allowedHosts: new Set(ctx.config.webhooks.allowedHosts) };
  const result = await sendAttempt(request, rules, ctx.settings.webhookTimeoutMs);
  const recorded = await record(ctx, delivery, result);
  if (!recorded) return null;
  await publish(ctx, recorded.events);
  if (recorded.status === 'pending') throw new RetryLater(`attempt failed: ${result.error ?? result.outcome}`);
  return recorded.status;
}
