import {
  GROUP_ACTORS_SHOWN,
  type DigestMode,
  type MailingMode,
  type NotificationKind,
} from '@vitrine/domain/notifications';
import type { Tx } from '../sql';
import { keysetPage, pageOf, type Page, type PageRequest } from './paging';

/**
 * One piece of news for some members (the worker's fan-out): who gets it, what it is, who did it and
 * where it links. `key` names the news (the event, or a day's trending place), so delivering it twice
 * adds nothing; `groupKey` names the place unread news of the same kind group under.
 */
export interface NotificationNews {
  key: string;
  kind: NotificationKind;
  recipientIds: number[];
  actorId: number | null;
  projectId: number | null;
  groupKey: string;
  url: string;
  subject: string;
  detail?: string | null;
}

/** A notification as the centre lists it. */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  subject: string;
  detail: string | null;
  url: string;
  projectId: number | null;
  count: number;
  actorCount: number;
  actors: string[];
  createdAt: Date;
  readAt: Date | null;
}

/** A recipient's notification the fan-out wrote or grew, with their unread count after it. */
export interface DeliveredRow {
  id: number;
  userId: number;
}

/**
 * A notification is shown unless its project is hidden from the recipient (`n` notifications,
 * `uid` the recipient): a hidden project's news reaches its owner only.
 */
function shown(sql: Tx, uid: number) {
  return sql`(n.project_id IS NULL OR EXISTS (
    SELECT 1 FROM projects p WHERE p.id = n.project_id AND (NOT p.is_hidden OR p.user_id = ${uid})))`;
}

/** The unread count of recipient `n.user_id`, as countUnread counts it. */
const unreadOfRecipient = (sql: Tx) => sql`(
  SELECT count(*)::int FROM notifications m
  WHERE m.user_id = n.user_id AND m.read_at IS NULL AND (m.project_id IS NULL OR EXISTS (
    SELECT 1 FROM projects p WHERE p.id = m.project_id AND (NOT p.is_hidden OR p.user_id = n.user_id))))`;

/** The select list of a NotificationRow for `n`, actors' names in the order the row keeps them. */
function notificationColumns(sql: Tx) {
  return sql`n.id, n.kind, n.subject, n.detail, n.url, n.project_id, n.count, n.actor_count, n.created_at, n.read_at,
    ARRAY(SELECT u.username FROM unnest(n.actor_ids) WITH ORDINALITY a(id, ord) JOIN users u ON u.id = a.id ORDER BY a.ord) AS actors`;
}

/** Queries on notifications and notification_deliveries (migration 0022). Pass the pool or a transaction. */
export function makeNotificationQueries(sql: Tx) {
  return {
    /**
     * Delivers `news` to its recipients (never to its actor) in one statement: each recipient not yet
     * given this news gets a row, or their unread row of the same kind and group grows (count, the
     * actor first among the latest GROUP_ACTORS_SHOWN, the distinct actors counted, moved to the top).
     * Answers the rows written.
     */
    async deliver(news: NotificationNews): Promise<DeliveredRow[]> {
      const recipients = news.recipientIds.filter((id) => id !== news.actorId);
      if (recipients.length === 0) return [];
      const actors = news.actorId === null ? [] : [news.actorId];
      return sql<DeliveredRow[]>`
        WITH fresh AS (
          INSERT INTO notification_deliveries (key, user_id)
          SELECT ${news.key}, r FROM unnest(${recipients}::int[]) r
          ON CONFLICT DO NOTHING RETURNING user_id
        )
        INSERT INTO notifications AS n (user_id, kind, group_key, project_id, url, subject, detail, actor_ids)
        SELECT user_id, ${news.kind}, ${news.groupKey}, ${news.projectId}, ${news.url}, ${news.subject},
               ${news.detail ?? null}, ${actors}::int[]
        FROM fresh
        ON CONFLICT (user_id, kind, group_key) WHERE read_at IS NULL DO UPDATE SET
          count = n.count + 1,
          actor_count = n.actor_count + CASE WHEN EXCLUDED.actor_ids <@ n.actor_ids OR cardinality(EXCLUDED.actor_ids) = 0 THEN 0 ELSE 1 END,
          actor_ids = (EXCLUDED.actor_ids || array_remove(n.actor_ids, EXCLUDED.actor_ids[1]))[1:${GROUP_ACTORS_SHOWN}],
          url = EXCLUDED.url, subject = EXCLUDED.subject, detail = EXCLUDED.detail,
          created_at = now(), emailed_at = NULL
        RETURNING n.id, n.user_id`;
    },

    /** The rows `ids` as listed, each with its recipient and their unread count (the live push after a fan-out). */
    async findDelivered(ids: number[]): Promise<Array<NotificationRow & { userId: number; unreadCount: number }>> {
      if (ids.length === 0) return [];
      return sql`
        SELECT ${notificationColumns(sql)}, n.user_id, ${unreadOfRecipient(sql)} AS unread_count
        FROM notifications n WHERE n.id = ANY(${ids}::int[])`;
    },

    /** One notification as listed, for its recipient (undefined when gone or not shown). */
    async findForRecipient(id: number, userId: number): Promise<NotificationRow | undefined> {
      const [row] = await sql<NotificationRow[]>`
        SELECT ${notificationColumns(sql)} FROM notifications n
        WHERE n.id = ${id} AND n.user_id = ${userId} AND ${shown(sql, userId)}`;
      return row;
    },

    /** The recipient's notifications, newest first, a keyset page (notifications_user_idx). */
    async listForRecipient(userId: number, page: PageRequest): Promise<Page<NotificationRow>> {
      const k = keysetPage(sql, 'n', page);
      const rows = await sql<Array<NotificationRow & { pageCursorAt: string }>>`
        SELECT ${notificationColumns(sql)}, ${k.cursorColumn}
        FROM notifications n
        WHERE n.user_id = ${userId} ${k.olderThan} AND ${shown(sql, userId)}
        ${k.order} ${k.limit}`;
      return pageOf(rows, page);
    },

    /** How many of the recipient's shown notifications are unread (notifications_unread_group_key). */
    async countUnread(userId: number): Promise<number> {
      const [row] = await sql<{ count: number }[]>`
        SELECT count(*)::int AS count FROM notifications n
        WHERE n.user_id = ${userId} AND n.read_at IS NULL AND ${shown(sql, userId)}`;
      return row!.count;
    },

    /** Marks the recipient's unread notifications read: those of `ids`, or all; answers how many changed. */
    async markRead(userId: number, ids?: number[]): Promise<number> {
      const rows = await sql`
        UPDATE notifications SET read_at = now()
        WHERE user_id = ${userId} AND read_at IS NULL ${ids ? sql`AND id = ANY(${ids}::int[])` : sql``}
        RETURNING id`;
      return rows.length;
    },

    /**
     * Of `userIds`, those who get `kind` by mail in one of `modes` at a confirmed address (users by
     * primary key).
     */
    async mailRecipients(userIds: number[], kind: NotificationKind, modes: readonly MailingMode[]): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await sql<{ id: number }[]>`
        SELECT id FROM users
        WHERE id = ANY(${userIds}::int[]) AND notify_email = ANY(${[...modes]}::text[]) AND email IS NOT NULL
          AND email_verified_at IS NOT NULL AND coalesce((notify_kinds ->> ${kind})::boolean, true)`;
      return rows.map((r) => r.id);
    },

    /**
     * One batch, in id order after `afterId`, of the members on the `mode` digest with a confirmed
     * address and unread news not mailed yet (users_notify_digest_idx, notifications_unmailed_idx).
     */
    async digestRecipients(mode: DigestMode, afterId: number, size: number): Promise<number[]> {
      const rows = await sql<{ id: number }[]>`
        SELECT u.id FROM users u
        WHERE u.notify_email = ${mode} AND u.id > ${afterId} AND u.email IS NOT NULL AND u.email_verified_at IS NOT NULL
          AND EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL AND n.emailed_at IS NULL)
        ORDER BY u.id LIMIT ${size}`;
      return rows.map((r) => r.id);
    },

    /**
     * What a mail to `userId` holds: their address and name, and their unread notifications not mailed
     * yet (of `ids` when given), oldest first, at most `limit`, of the kinds they get by mail. Undefined
     * when they have no confirmed address.
     */
    async mailFor(
      userId: number,
      opts: { ids?: number[]; limit: number },
    ): Promise<{ email: string; username: string; rows: NotificationRow[] } | undefined> {
      const [user] = await sql<{ email: string; username: string; notifyKinds: Record<string, boolean> }[]>`
        SELECT email, username, notify_kinds FROM users
        WHERE id = ${userId} AND email IS NOT NULL AND email_verified_at IS NOT NULL`;
      if (!user) return undefined;
      const off = Object.entries(user.notifyKinds)
        .filter(([, on]) => on === false)
        .map(([kind]) => kind);
      const rows = await sql<NotificationRow[]>`
        SELECT ${notificationColumns(sql)} FROM notifications n
        WHERE n.user_id = ${userId} AND n.read_at IS NULL AND n.emailed_at IS NULL
          AND NOT (n.kind = ANY(${off}::text[])) AND ${shown(sql, userId)}
          ${opts.ids ? sql`AND n.id = ANY(${opts.ids}::int[])` : sql``}
        ORDER BY n.created_at, n.id LIMIT ${opts.limit}`;
      return { email: user.email, username: user.username, rows };
    },

    /** Marks notifications mailed. */
    async markEmailed(ids: number[]): Promise<void> {
      if (ids.length > 0) await sql`UPDATE notifications SET emailed_at = now() WHERE id = ANY(${ids}::int[])`;
    },

    /**
     * Deletes up to `batch` notifications read before `before` and deliveries recorded before it
     * (notifications_read_idx, notification_deliveries_created_idx); answers how many notifications went.
     */
    async pruneRead(before: Date, batch: number): Promise<number> {
      // `= ANY(ARRAY(subquery))` keeps the batch an index (or tid) lookup: joined to the subquery, the
      // planner may hash it against a scan of the whole table once the batch is large.
      const gone = await sql`
        DELETE FROM notifications
        WHERE id = ANY(ARRAY(SELECT id FROM notifications WHERE read_at IS NOT NULL AND read_at < ${before} LIMIT ${batch}))
        RETURNING id`;
      await sql`
        DELETE FROM notification_deliveries
        WHERE ctid = ANY(ARRAY(SELECT ctid FROM notification_deliveries WHERE created_at < ${before} LIMIT ${batch}))`;
      return gone.length;
    },
  };
}
