import { z } from './zod';

/**
 * Webhooks of project owners (docs/api.md "Webhooks"): a member subscribes a URL to events of their
 * projects; the worker POSTs each event to it, signed, retried, logged.
 */

/** The events a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [
  'vote.milestone',
  'comment.created',
  'feedback.created',
  'tester.joined',
  'project.down',
  'project.up',
  'update.posted',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, for the form's checkboxes and the docs. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventName, string> = {
  'vote.milestone': 'A project reached a vote milestone',
  'comment.created': 'Someone commented on a project',
  'feedback.created': 'A tester posted feedback',
  'tester.joined': 'A tester joined a test request',
  'project.down': 'A project went down',
  'project.up': 'A project came back up',
  'update.posted': 'An update was posted',
};

/** The vote counts that make a `vote.milestone` (each reached once, by the vote that reaches it). */
export const VOTE_MILESTONES = [10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 25_000, 50_000, 100_000] as const;

/** A member keeps at most this many webhooks (409 past it). */
export const MAX_WEBHOOKS = 10;
/** Longest webhook URL accepted. */
export const WEBHOOK_URL_MAX = 500;
/** Attempts of one delivery (the first and 5 retries, 1, 2, 4, 8 and 16 minutes apart: about half an hour). */
export const WEBHOOK_ATTEMPTS = 6;
/** Deliveries failed in a row (every attempt) after which a webhook is switched off and its owner told. */
export const WEBHOOK_FAILURES_TO_DISABLE = 5;
/** Deliveries kept per webhook (the newest); older ones leave the log with their attempts. */
export const WEBHOOK_LOG_SIZE = 100;
/** Attempts kept per delivery (the newest): redeliveries add attempts, so this bounds the log. */
export const WEBHOOK_ATTEMPTS_KEPT = 20;
/**
 * A delivery still pending this long after its last attempt lost its job (every round ends within
 * about half an hour): its owner may redeliver it.
 */
export const WEBHOOK_STUCK_AFTER_SECONDS = 3600;
/** One attempt's time limit, connection to the end of the answer's headers (a timeout is a failure). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The headers every delivery carries. */
export const WEBHOOK_HEADERS = {
  event: 'Vitrine-Event',
  delivery: 'Vitrine-Delivery',
  signature: 'Vitrine-Signature',
} as const;

/** The refusal of a URL that is not an http(s) address. */
export const WEBHOOK_URL_INVALID = 'Enter the address that receives the webhooks, starting with https:// or http://';

/** POST /api/webhooks body. */
export const createWebhookSchema = z.object({
  url: z
    .string({ error: WEBHOOK_URL_INVALID })
    .trim()
    .min(1, WEBHOOK_URL_INVALID)
    .max(WEBHOOK_URL_MAX, `The address must be at most ${WEBHOOK_URL_MAX} characters`)
    .refine((text) => {
      try {
        const url = new URL(text);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, WEBHOOK_URL_INVALID)
    .refine((text) => {
      try {
        const url = new URL(text);
        return url.username === '' && url.password === '';
      } catch {
        return true;
      }
    }, 'The address must not carry a user name or password'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown webhook event' }), { error: 'Choose at least one event' })
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENTS.length, 'Choose each event once')
    .refine((events) => new Set(events).size === events.length, 'Choose each event once'),
  projectId: z
    .number({ error: 'projectId must be a project id' })
    .int('projectId must be a project id')
    .min(1, 'projectId must be a project id')
    .max(2_147_483_647, 'projectId must be a project id')
    .nullable()
    .optional()
    .describe("one of the caller's projects; absent or null: every project of theirs, present and future"),
});
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;

/** The body of a delivery: the same for every webhook the event goes to. */
export interface WebhookPayload {
  /** The event's id (one per event, whatever the webhook: a receiver subscribed twice can deduplicate). */
  id: string;
  event: WebhookEventName;
  /** ISO time of the event. */
  createdAt: string;
  project: { id: number; title: string; url: string };
  data: Record<string, unknown>;
}
