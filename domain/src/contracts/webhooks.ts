import { z } from '../zod';
import { named, webhookAnswers } from '../answers';
import { idSchema } from '../schemas/project';
import { createWebhookSchema } from '../webhooks';
import { contract } from './contract';
import { idParams } from './params';

const tag = 'webhooks' as const;

/** Path parameters of a delivery of a webhook. */
const deliveryParams = z.object({ id: idSchema, deliveryId: idSchema });

/** /api/webhooks: a member's webhooks on their projects' events (docs/api.md "Webhooks"). */
export const webhookContracts = {
  create: contract({
    method: 'post',
    path: '/api/webhooks',
    tag,
    summary:
      "Subscribe a URL to events of one of the caller's projects, or of all of them; the answer carries the signing secret, shown only here",
    body: named('CreateWebhookInput', createWebhookSchema),
    status: 201,
    response: webhookAnswers.WebhookCreated,
    errors: {
      400: 'A URL that is not http(s), or whose host is internal (loopback, private, link-local) or does not resolve',
      404: "Project not found (or not the caller's)",
      409: 'Too many webhooks',
    },
  }),
  list: contract({
    method: 'get',
    path: '/api/webhooks',
    tag,
    summary: "The caller's webhooks, newest first",
    response: z.array(webhookAnswers.Webhook),
  }),
  remove: contract({
    method: 'delete',
    path: '/api/webhooks/:id',
    tag,
    summary: "Delete one of the caller's webhooks with its delivery log",
    params: idParams,
    status: 204,
    response: null,
    errors: { 404: "Webhook not found (or not the caller's)" },
  }),
  deliveries: contract({
    method: 'get',
    path: '/api/webhooks/:id/deliveries',
    tag,
    summary:
      "The delivery log of one of the caller's webhooks: its last 100 deliveries, newest first, each with its attempts",
    params: idParams,
    response: z.array(webhookAnswers.WebhookDelivery),
    errors: { 404: "Webhook not found (or not the caller's)" },
  }),
  redeliver: contract({
    method: 'post',
    path: '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    tag,
    summary:
      'Send a logged delivery again (same body and Vitrine-Delivery id, a new signature); a success switches a switched-off webhook back on',
    params: deliveryParams,
    status: 202,
    response: webhookAnswers.RedeliveryQueued,
    errors: {
      404: "Delivery not found (or not the caller's)",
      409: 'The delivery is still being sent (one pending for an hour since its last attempt may be sent again)',
    },
  }),
};
