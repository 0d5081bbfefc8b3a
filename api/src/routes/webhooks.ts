import { webhookContracts } from '@vitrine/domain/contracts/webhooks';
import { makeWebhookQueries } from '@vitrine/db/queries/webhooks';
import { route, type Route } from '../contracts/route';
import { notFound } from '../errors';
import { TOO_MANY_WEBHOOKS, WEBHOOK_ADDRESS_REFUSED, webhookCreator } from '../commands/webhook-creator';
import { DELIVERY_NOT_FOUND, DELIVERY_PENDING, webhookRedeliverer } from '../commands/webhook-redeliverer';
import { presentDelivery, presentWebhook } from '../presenters/webhook';

/** 404 for a webhook that is not the caller's (or gone): another member's webhook does not exist for them. */
export const WEBHOOK_NOT_FOUND = 'Webhook not found';

/** /api/webhooks: a member's webhooks on their projects' events, their delivery logs and redelivery. */
export const webhookRoutes: Route[] = [
  route(
    webhookContracts.create,
    {
      access: 'active',
      tokenScope: 'webhooks',
      limit: 'webhookWrite',
      // Each try may resolve a name: a refused address keeps its point.
      limitCounts: 'work',
      errors: { 400: WEBHOOK_ADDRESS_REFUSED, 409: TOO_MANY_WEBHOOKS },
    },
    async (call) => {
      const { webhook, secret } = await webhookCreator(call, call.body);
      return { ...presentWebhook(webhook), secret };
    },
  ),
  route(webhookContracts.list, { access: 'member', tokenScope: 'webhooks' }, async (call) => {
    return (await makeWebhookQueries(call.deps.sql).listForUser(call.user.id)).map(presentWebhook);
  }),
  route(webhookContracts.remove, { access: 'active', tokenScope: 'webhooks', limit: 'webhookWrite' }, async (call) => {
    if (!(await makeWebhookQueries(call.deps.sql).deleteForUser(call.params.id, call.user.id)))
      throw notFound(WEBHOOK_NOT_FOUND);
  }),
  route(webhookContracts.deliveries, { access: 'member', tokenScope: 'webhooks' }, async (call) => {
    const webhooks = makeWebhookQueries(call.deps.sql);
    if (!(await webhooks.findForUser(call.params.id, call.user.id))) throw notFound(WEBHOOK_NOT_FOUND);
    return (await webhooks.listDeliveries(call.params.id)).map(presentDelivery);
  }),
  route(
    webhookContracts.redeliver,
    {
      access: 'active',
      tokenScope: 'webhooks',
      limit: 'webhookRedeliver',
      errors: { 404: DELIVERY_NOT_FOUND, 409: DELIVERY_PENDING },
    },
    async (call) => {
      await webhookRedeliverer(call, { webhookId: call.params.id, deliveryId: call.params.deliveryId });
      return { message: 'Redelivery queued' };
    },
  ),
];
