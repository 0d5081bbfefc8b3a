import type { DomainEvent, StoredEvent } from '@vitrine/domain/events';
import type { Fragment, Tx } from '../sql';

/**
 * The statement writing an outbox row for each row of `rows` (a query of name, payload), answering
 * each one's id and payload: a write that records its events in its own one statement (votes.ts
 * castVotes) composes it.
 */
export function recordEventsFrom(sql: Tx, rows: Fragment) {
  return sql`INSERT INTO events (name, payload) ${rows} RETURNING id, payload`;
}

/** The outbox: every write of the events table is here or composed from here. */
export function makeEventQueries(sql: Tx) {
  return {
    /**
     * Writes events in the caller's transaction, with the id of the request that caused them (if
     * any); returns them with their ids.
     */
    async recordEvents(events: DomainEvent[], reqId?: string): Promise<StoredEvent[]> {
      if (events.length === 0) return [];
      const requestId = reqId ?? null;
      const rows = await sql<{ id: string }[]>`
        INSERT INTO events ${sql(events.map(({ name, ...payload }) => ({ name, payload: sql.json(payload), requestId })))}
        RETURNING id`;
      return events.map((e, i) => ({ ...e, id: Number(rows[i]!.id), ...(reqId === undefined ? {} : { reqId }) }));
    },
    /** Marks events as handed to the queue. */
    async markPublished(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await sql`UPDATE events SET published_at = now() WHERE id = ANY(${ids}::bigint[]) AND published_at IS NULL`;
    },
    /** Events still unpublished after `olderThanMs`, oldest first (the relay's work). */
    async listUnpublished(olderThanMs: number, limit = 500): Promise<StoredEvent[]> {
      const rows = await sql<
        { id: string; name: string; payload: Record<string, unknown>; requestId: string | null }[]
      >`
        SELECT id, name, payload, request_id FROM events
        WHERE published_at IS NULL AND created_at < now() - make_interval(secs => ${olderThanMs / 1000})
        ORDER BY created_at LIMIT ${limit}`;
      return rows.map(
        (r) =>
          ({
            ...(r.payload as object),
            name: r.name,
            id: Number(r.id),
            ...(r.requestId === null ? {} : { reqId: r.requestId }),
          }) as StoredEvent,
      );
    },
    /** Events not yet handed to the queue, and the age in seconds of the oldest (0 when none). */
    async backlog(): Promise<{ count: number; oldestAgeSeconds: number }> {
      const [row] = await sql<{ count: string; oldest: number | null }[]>`
        SELECT count(*) AS count, extract(epoch FROM now() - min(created_at))::float8 AS oldest
        FROM events WHERE published_at IS NULL`;
      return { count: Number(row?.count ?? 0), oldestAgeSeconds: Math.max(0, row?.oldest ?? 0) };
    },
    /**
     * Deletes published events older than `olderThanMs`, at most `limit` a call; answers how many went.
     * The batch is an array, so it is deleted by primary key, never hashed against a scan of the table.
     */
    async prunePublished(olderThanMs: number, limit = 10_000): Promise<number> {
      const rows = await sql`
        DELETE FROM events WHERE id = ANY(ARRAY(
          SELECT id FROM events
          WHERE published_at IS NOT NULL AND published_at < now() - make_interval(secs => ${olderThanMs / 1000})
          ORDER BY id LIMIT ${limit}))
        RETURNING id`;
      return rows.length;
    },
  };
}
