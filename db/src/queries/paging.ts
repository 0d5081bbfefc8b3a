import type { Page as AnyPage, PageCursor } from '@vitrine/domain/schemas/paging';
import type { Tx } from '../sql';

export type { PageCursor };

/** One page of a newest-first list: its rows, and the keyset cursor of the next page (null on the last). */
export type Page<T> = AnyPage<T, PageCursor>;

/** Where a newest-first page starts and how long it is (domain/schemas/paging.ts). */
export interface PageRequest {
  before?: PageCursor;
  limit: number;
}

/**
 * The SQL pieces of a keyset page over a table aliased `alias` ordered by (created_at DESC, id DESC),
 * for an index on those two columns (after any equality columns of the WHERE):
 * - `olderThan`: `AND (created_at, id) < cursor` when the request has a cursor (a row comparison,
 *   which PostgreSQL turns into an index range start);
 * - `cursorColumn`: the row's exact cursor as text (created_at to the microsecond, which a JavaScript
 *   Date would round to the millisecond);
 * - `limit`: one row more than the page, so the page knows whether another follows.
 */
export function keysetPage(sql: Tx, alias: string, page: PageRequest) {
  const column = (name: string) => sql(`${alias}.${name}`);
  return {
    olderThan: page.before
      ? // As text: postgres.js would send a timestamptz parameter through a JavaScript Date, to the millisecond.
        sql`AND (${column('created_at')}, ${column('id')}) < (${page.before.createdAt}::text::timestamptz, ${page.before.id}::int)`
      : sql``,
    cursorColumn: sql`to_char(${column('created_at')} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS page_cursor_at`,
    order: sql`ORDER BY ${column('created_at')} DESC, ${column('id')} DESC`,
    limit: sql`LIMIT ${page.limit + 1}`,
  };
}

/** A row as a keyset query returns it: its own columns plus the cursor column. */
type WithCursor<T> = T & { pageCursorAt: string; id: number };

/** Turns the `limit + 1` rows a keyset query returned into the page and its next cursor. */
export function pageOf<T extends { id: number }>(rows: ReadonlyArray<WithCursor<T>>, page: PageRequest): Page<T> {
  const kept = rows.slice(0, page.limit).map(({ pageCursorAt: _cursor, ...row }) => row as unknown as T);
  const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
  return { rows: kept, next: last ? { createdAt: last.pageCursorAt, id: last.id } : null };
}
