import { makeWebhookQueries } from '@vitrine/db/queries/webhooks';
import type { MemberCaller } from '../context';
import { conflict, notFound } from '../errors';
import { commit } from './commit';

/** 404 for a delivery that is not the caller's (or gone). */
export const DELIVERY_NOT_FOUND = 'Delivery not found';
/** 409 while the delivery's attempts are still running. */
export const DELIVERY_PENDING = 'This delivery is still being sent. Wait for its attempts to finish.';

/**
 * Sends a logged delivery of the caller's webhook again: a new round of attempts (same body and
 * Vitrine-Delivery id, a new signature), recorded with webhook.redeliveryRequested, which the worker
 * turns into the round's first attempt.
 */
export async function webhookRedeliverer(
  caller: MemberCaller,
  input: { webhookId: number; deliveryId: number },
): Promise<void> {
  await commit(caller, async (tx, emit) => {
    const round = await makeWebhookQueries(tx).startRedelivery(input.deliveryId, input.webhookId, caller.user.id);
    if (round === undefined) throw notFound(DELIVERY_NOT_FOUND);
    if (round === 'pending') throw conflict(DELIVERY_PENDING);
    emit({ name: 'webhook.redeliveryRequested', webhookId: input.webhookId, deliveryId: input.deliveryId, round });
  });
}
