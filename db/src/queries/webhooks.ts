import {
  MAX_WEBHOOKS,
  WEBHOOK_ATTEMPTS_KEPT,
  WEBHOOK_FAILURES_TO_DISABLE,
  WEBHOOK_STUCK_AFTER_SECONDS,
  WEBHOOK_LOG_SIZE,
  type WebhookEventName,
} from '@vitrine/domain/webhooks';
import type { Fragment, Tx } from '../sql';

/** A webhook as its owner lists it (migration 0033). */
export interface WebhookRow {
  id: number;
  userId: number;
  projectId: number | null;
  projectTitle: string | null;
  url: string;
  events: WebhookEventName[];
  consecutiveFailures: number;
  disabledAt: Date | null;
  createdAt: Date;
}

/** The outcome of one attempt. */
export type AttemptOutcome = 'ok' | 'failed' | 'blocked';
/** A delivery's state. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One attempt as the log shows it. */
export interface AttemptRow {
  attempt: number;
  outcome: AttemptOutcome;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  at: Date;
}

/** One delivery of the log, with its attempts newest first. */
export interface DeliveryRow {
  id: number;
  event: WebhookEventName;
  status: DeliveryStatus;
  createdAt: Date;
  attempts: AttemptRow[];
}

/** What the worker needs to send a delivery. */
export interface DeliveryToSend {
  id: number;
  webhookId: number;
  userId: number;
  event: WebhookEventName;
  body: string;
  status: DeliveryStatus;
  round: number;
  roundAttempts: number;
  attempts: number;
  url: string;
  secret: string;
  disabledAt: Date | null;
}

/** What the switch of a webhook after a delivery settled answers. */
export interface Settled {
  /** True when this failure switched the webhook off. */
  switchedOff: boolean;
  userId: number;
  url: string;
}

const webhookColumns = (sql: Tx) => sql`
  w.id, w.user_id, w.project_id, p.title AS project_title, w.url, w.events, w.consecutive_failures,
  w.disabled_at, w.created_at`;

/** Queries on webhooks, webhook_deliveries and webhook_attempts (migration 0033). */
export function makeWebhookQueries(sql: Tx) {
  return {
    /**
     * Adds a webhook unless its owner already has MAX_WEBHOOKS (undefined then). Run it in a
     * transaction: the owner's count is taken under a lock of their own, so parallel adds cannot pass it.
     */
    async create(input: {
      userId: number;
      projectId: number | null;
      url: string;
      events: WebhookEventName[];
      secret: string;
    }): Promise<WebhookRow | undefined> {
      await sql`SELECT pg_advisory_xact_lock(hashtext('webhooks'), ${input.userId})`;
      const [count] = await sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM webhooks WHERE user_id = ${input.userId}`;
      if ((count?.n ?? 0) >= MAX_WEBHOOKS) return undefined;
      const [row] = await sql<{ id: number }[]>`
        INSERT INTO webhooks (user_id, project_id, url, events, secret)
        VALUES (${input.userId}, ${input.projectId}, ${input.url}, ${input.events}::text[], ${input.secret})
        RETURNING id`;
      return this.findForUser(row!.id, input.userId);
    },

    /** The owner's webhooks, newest first (at most MAX_WEBHOOKS). */
    async listForUser(userId: number): Promise<WebhookRow[]> {
      return sql<WebhookRow[]>`
        SELECT ${webhookColumns(sql)} FROM webhooks w LEFT JOIN projects p ON p.id = w.project_id
        WHERE w.user_id = ${userId} ORDER BY w.id DESC`;
    },

    /** One webhook of `userId` (undefined when it is not theirs or gone). */
    async findForUser(id: number, userId: number): Promise<WebhookRow | undefined> {
      const [row] = await sql<WebhookRow[]>`
        SELECT ${webhookColumns(sql)} FROM webhooks w LEFT JOIN projects p ON p.id = w.project_id
        WHERE w.id = ${id} AND w.user_id = ${userId}`;
      return row;
    },

    /** Deletes one webhook of `userId` with its log; false when it was not theirs. */
    async deleteForUser(id: number, userId: number): Promise<boolean> {
      const rows = await sql`DELETE FROM webhooks WHERE id = ${id} AND user_id = ${userId} RETURNING id`;
      return rows.length > 0;
    },

    /** The log of webhook `webhookId`: its newest deliveries (at most WEBHOOK_LOG_SIZE), each with its attempts. */
    async listDeliveries(webhookId: number): Promise<DeliveryRow[]> {
      const rows = await sql<(Omit<DeliveryRow, 'id' | 'attempts'> & { id: string; attempts: RawAttempt[] })[]>`
        SELECT d.id, d.event, d.status, d.created_at,
          coalesce((SELECT json_agg(json_build_object('attempt', a.attempt, 'outcome', a.outcome,
              'responseStatus', a.response_status, 'durationMs', a.duration_ms, 'error', a.error, 'at', a.at)
              ORDER BY a.id DESC)
            FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS attempts
        FROM webhook_deliveries d WHERE d.webhook_id = ${webhookId}
        ORDER BY d.id DESC LIMIT ${WEBHOOK_LOG_SIZE}`;
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        attempts: r.attempts.map((a) => ({ ...a, at: new Date(a.at) })),
      }));
    },

    /**
     * Starts a new round of attempts of delivery `deliveryId` of webhook `webhookId` (owned by
     * `userId`); answers its round, or 'pending' while a round is still running (one untouched for
     * WEBHOOK_STUCK_AFTER_SECONDS lost its job and may start again), or undefined when the delivery is
     * not theirs.
     */
    async startRedelivery(
      deliveryId: number,
      webhookId: number,
      userId: number,
    ): Promise<number | 'pending' | undefined> {
      const [row] = await sql<{ running: boolean }[]>`
        SELECT d.status = 'pending'
            AND d.updated_at > now() - make_interval(secs => ${WEBHOOK_STUCK_AFTER_SECONDS}) AS running
        FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.id = ${deliveryId} AND d.webhook_id = ${webhookId} AND w.user_id = ${userId}
        FOR UPDATE OF d`;
      if (!row) return undefined;
      if (row.running) return 'pending';
      const [next] = await sql<{ round: number }[]>`
        UPDATE webhook_deliveries SET status = 'pending', round = round + 1, round_attempts = 0, updated_at = now()
        WHERE id = ${deliveryId} RETURNING round`;
      return next!.round;
    },

    /**
     * The deliveries of one event (`eventKey`) of project `projectId` to every active webhook of the
     * project's owner that covers the project and subscribes to `event`: written once (a second run adds
     * nothing), answered each time with those still waiting for their first round. Each webhook's log
     * keeps its newest WEBHOOK_LOG_SIZE deliveries.
     */
    async fanOut(input: {
      eventKey: string;
      event: WebhookEventName;
      projectId: number;
      body: string;
    }): Promise<number[]> {
      const rows = await sql<{ id: string; webhookId: number; status: DeliveryStatus; round: number }[]>`
        INSERT INTO webhook_deliveries (webhook_id, event_key, event, body)
        SELECT w.id, ${input.eventKey}, ${input.event}, ${input.body}
        FROM projects p JOIN webhooks w ON w.user_id = p.user_id
        WHERE p.id = ${input.projectId} AND (w.project_id IS NULL OR w.project_id = p.id)
          AND w.disabled_at IS NULL AND ${input.event} = ANY (w.events)
        ON CONFLICT (webhook_id, event_key) DO UPDATE SET event_key = EXCLUDED.event_key
        RETURNING id, webhook_id, status, round`;
      const webhookIds = [...new Set(rows.map((r) => r.webhookId))];
      if (webhookIds.length > 0)
        // Each webhook's cutoff (its WEBHOOK_LOG_SIZE-th newest delivery) is found once, on
        // webhook_deliveries_log_idx, not once per delivery row.
        await sql`
          DELETE FROM webhook_deliveries d
          USING (
            SELECT w.id AS webhook_id, cut.id AS cutoff
            FROM unnest(${webhookIds}::int[]) AS w (id)
            CROSS JOIN LATERAL (
              SELECT k.id FROM webhook_deliveries k WHERE k.webhook_id = w.id
              ORDER BY k.id DESC OFFSET ${WEBHOOK_LOG_SIZE - 1} LIMIT 1
            ) cut
          ) c
          WHERE d.webhook_id = c.webhook_id AND d.id < c.cutoff`;
      return rows.filter((r) => r.status === 'pending' && r.round === 0).map((r) => Number(r.id));
    },

    /** A delivery with its webhook's address and secret (undefined when gone). */
    async findDelivery(deliveryId: number): Promise<DeliveryToSend | undefined> {
      return deliveryToSend(sql, deliveryId, sql``);
    },

    /** findDelivery, the delivery locked for its attempt's record. Run it in a transaction. */
    async lockDelivery(deliveryId: number): Promise<DeliveryToSend | undefined> {
      return deliveryToSend(sql, deliveryId, sql`FOR UPDATE OF d`);
    },

    /**
     * Records an attempt of a delivery and its new status (pending while it will be tried again), and
     * keeps the delivery's newest WEBHOOK_ATTEMPTS_KEPT attempts. Run it in a transaction.
     */
    async recordAttempt(deliveryId: number, attempt: Omit<AttemptRow, 'at'>, status: DeliveryStatus): Promise<void> {
      await sql`
        INSERT INTO webhook_attempts (delivery_id, attempt, outcome, response_status, duration_ms, error)
        VALUES (${deliveryId}, ${attempt.attempt}, ${attempt.outcome}, ${attempt.responseStatus},
          ${attempt.durationMs}, ${attempt.error})`;
      await sql`
        UPDATE webhook_deliveries
        SET attempts = attempts + 1, round_attempts = round_attempts + 1, status = ${status}, updated_at = now()
        WHERE id = ${deliveryId}`;
      await sql`
        DELETE FROM webhook_attempts a WHERE a.delivery_id = ${deliveryId}
          AND a.id < (SELECT k.id FROM webhook_attempts k WHERE k.delivery_id = ${deliveryId}
                      ORDER BY k.id DESC OFFSET ${WEBHOOK_ATTEMPTS_KEPT - 1} LIMIT 1)`;
    },

    /**
     * Settles webhook `webhookId` after a delivery ended: a success clears its failures and switches it
     * back on; a failure counts one more in a row and, at WEBHOOK_FAILURES_TO_DISABLE, switches it off.
     * Run it in a transaction.
     */
    async settle(webhookId: number, delivered: boolean): Promise<Settled | undefined> {
      const [row] = await sql<Settled[]>`
        WITH old AS (SELECT id, disabled_at FROM webhooks WHERE id = ${webhookId} FOR UPDATE)
        UPDATE webhooks w SET
          consecutive_failures = CASE WHEN ${delivered} THEN 0 ELSE w.consecutive_failures + 1 END,
          disabled_at = CASE
            WHEN ${delivered} THEN NULL
            WHEN w.consecutive_failures + 1 >= ${WEBHOOK_FAILURES_TO_DISABLE} THEN coalesce(w.disabled_at, now())
            ELSE w.disabled_at END
        FROM old WHERE w.id = old.id
        RETURNING (old.disabled_at IS NULL AND w.disabled_at IS NOT NULL) AS switched_off, w.user_id, w.url`;
      return row;
    },
  };
}

/** A delivery to send, with `lock` (a locking clause or nothing). */
async function deliveryToSend(sql: Tx, deliveryId: number, lock: Fragment): Promise<DeliveryToSend | undefined> {
  const [row] = await sql<(Omit<DeliveryToSend, 'id'> & { id: string })[]>`
    SELECT d.id, d.webhook_id, w.user_id, d.event, d.body, d.status, d.round, d.round_attempts, d.attempts,
      w.url, w.secret, w.disabled_at
    FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
    WHERE d.id = ${deliveryId} ${lock}`;
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** An attempt as json_agg gives it (the time as text). */
type RawAttempt = Omit<AttemptRow, 'at'> & { at: string };
