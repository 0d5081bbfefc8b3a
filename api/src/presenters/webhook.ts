import type { DeliveryRow, WebhookRow } from '@vitrine/db/queries/webhooks';
import type { Webhook, WebhookDelivery } from '@vitrine/domain/answers';

/** A webhook as its owner lists it: never its secret. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    active: row.disabledAt === null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One delivery of the log with its attempts. */
export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    attempts: row.attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
  };
}
