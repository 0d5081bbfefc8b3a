import { z } from '../zod';
import { WEBHOOK_EVENTS } from '../webhooks';
import { named, rowId, timestamp } from './named';

/** The answers of the webhook calls (domain/src/webhooks.ts, docs/api.md "Webhooks"). */

/** A webhook as its owner lists it (never its secret). */
const webhook = z.object({
  id: rowId,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  projectId: rowId.nullable().describe("null: every project of the owner's"),
  projectTitle: z.string().nullable(),
  active: z.boolean().describe('false once switched off after deliveries failed in a row'),
  disabledAt: timestamp.nullable().describe('when it was switched off'),
  consecutiveFailures: z
    .number()
    .int()
    .min(0)
    .describe('deliveries failed in a row (every attempt) since the last success'),
  createdAt: timestamp,
});

/** One attempt of a delivery. */
const attempt = z.object({
  attempt: z.number().int().min(1),
  outcome: z
    .enum(['ok', 'failed', 'blocked'])
    .describe('ok: a 2xx answer; blocked: the address was refused, nothing sent'),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  at: timestamp,
});

/** One event sent to one webhook, with its attempts, newest first. */
const delivery = z.object({
  id: rowId.describe('the Vitrine-Delivery header'),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(['pending', 'delivered', 'failed']),
  createdAt: timestamp,
  attempts: z.array(attempt),
});

export const webhookAnswers = {
  Webhook: named('Webhook', webhook),
  WebhookCreated: named(
    'WebhookCreated',
    webhook.extend({ secret: z.string().describe('signs every delivery; shown only in this answer') }),
  ),
  WebhookDelivery: named('WebhookDelivery', delivery),
  RedeliveryQueued: named('RedeliveryQueued', z.object({ message: z.string() })),
} as const;

export type Webhook = z.output<typeof webhookAnswers.Webhook>;
export type WebhookCreated = z.output<typeof webhookAnswers.WebhookCreated>;
export type WebhookDelivery = z.output<typeof webhookAnswers.WebhookDelivery>;
