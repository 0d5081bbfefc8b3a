import { MAX_OFFSET, MAX_PAGE_LIMIT } from '../constants';
import { z } from '../zod';

/**
 * Keyset paging of the newest-first lists (the inbox, the admin's messages, users, projects, reports
 * and test requests): a page answers at most `limit` rows, and when more follow, a
 * `Link: <url>; rel="next"` header (RFC 8288) whose URL carries `before`, the cursor of the page's
 * last row. The next page starts right after that row in (created_at, id) order, by an index range
 * scan: a deep page costs what the first does, and rows written or deleted meanwhile neither repeat
 * nor skip a row. These lists' sort keys never change, so the cursor holds the key itself (a row
 * deleted since still marks the place).
 */

/** Rows per page of these lists unless `limit` says otherwise. */
export const NEWEST_FIRST_PAGE_SIZE = 50;

/** Where a page ends: the (created_at, id) of its last row, created_at to the microsecond. */
export interface PageCursor {
  /** ISO 8601 in UTC with six decimals, e.g. 2026-11-24T21:40:56.123456Z. */
  createdAt: string;
  id: number;
}

const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z\/(\d{1,10})$/;
const BAD_CURSOR = 'before must be a cursor from the Link header of the previous page';

/** base64url without padding, in the browser and in Node alike. */
function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor as it travels in a URL: opaque to clients (base64url of `<createdAt>/<id>`). */
export function encodeCursor(cursor: PageCursor): string {
  return toBase64Url(`${cursor.createdAt}/${cursor.id}`);
}

/** The cursor in `text`, or null when it is not one this API made (a real date, an id in range). */
function decodeCursor(text: string): PageCursor | null {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(text)) return null;
  let decoded: string;
  try {
    decoded = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = CURSOR_TEXT.exec(decoded);
  if (!match) return null;
  const [, seconds, id] = match;
  // A calendar date that exists (Date would roll 2026-02-30 over into March).
  const parsed = new Date(`${seconds}Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 19) !== seconds) return null;
  const rowId = Number(id);
  if (rowId < 1 || rowId > 2_147_483_647) return null;
  return { createdAt: decoded.slice(0, decoded.indexOf('/')), id: rowId };
}

/** The 400 of an offset deeper than MAX_OFFSET: deep pages are read by keyset (`after`). */
export const DEEP_OFFSET_MESSAGE = `offset must be ${MAX_OFFSET} or less; to read further, pass after=<the id of the last item of the previous page>`;

/** A list's `offset`: a whole number from 0 to MAX_OFFSET, 0 when absent. */
export const offsetSchema = z.coerce
  .number({ error: 'offset must be a whole number of 0 or more' })
  .int('offset must be a whole number of 0 or more')
  .min(0, 'offset must be a whole number of 0 or more')
  .max(MAX_OFFSET, DEEP_OFFSET_MESSAGE)
  .default(0)
  .describe(`Rows to skip, at most ${MAX_OFFSET}; Load More and deeper pages pass \`after\` (keyset) instead`);

/** A list's `limit`: a whole number from 1 to `max`, `defaultSize` when absent. */
export function pageLimitSchema(defaultSize: number, max = MAX_PAGE_LIMIT) {
  const text = `limit must be a whole number from 1 to ${max}`;
  return z.coerce.number({ error: text }).int(text).min(1, text).max(max, text).default(defaultSize);
}

/** The largest id a row can have (PostgreSQL int4). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id in a query string (a keyset's `after` or `before`): a whole number from 1 to MAX_ROW_ID,
 * else a 400 saying `message` (e.g. "after must be a comment id").
 */
export function queryRowIdSchema(message: string) {
  return z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ROW_ID, message);
}

/** `before` and `limit` of a newest-first list. */
export const newestFirstPageSchema = z.object({
  before: z
    .string({ error: BAD_CURSOR })
    .transform((text, ctx) => {
      const cursor = decodeCursor(text);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: BAD_CURSOR });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
  limit: pageLimitSchema(NEWEST_FIRST_PAGE_SIZE),
});

/**
 * One page of a list as a handler answers it (the contract's `paging`, domain/src/contracts/contract.ts):
 * its rows, and the cursor of the next page, null on the last. The cursor is a newest-first keyset
 * cursor (`before`) or a row id (`after`, the moderation log's `before`).
 */
export interface Page<T, C extends PageCursor | number = PageCursor | number> {
  rows: T[];
  next: C | null;
}

/**
 * The page of a list read by row id: `rows` as a query answered them for `limit + 1` asked, the first
 * `limit` kept, and the last kept row's id as the next page's cursor when a row more came back.
 */
export function pageById<T extends { id: number }>(rows: readonly T[], limit: number): Page<T, number> {
  const kept = rows.slice(0, limit);
  return { rows: kept, next: rows.length > limit ? kept[kept.length - 1]!.id : null };
}

/** The `next` URL of a page: `url` with its `param` set to the cursor (encoded when a keyset's), other parameters kept. */
export function nextPageUrl(url: string, param: string, cursor: PageCursor | number): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(param, typeof cursor === 'number' ? String(cursor) : encodeCursor(cursor));
  return `${path}?${params}`;
}

/** The URL of `rel="next"` in a Link header (kept apart, without zod, for the web's list hook). */
export { nextLink } from '../link-header';

/** A page with each row presented by `present`, its cursor kept. */
export function mapPage<T, R, C extends PageCursor | number>(page: Page<T, C>, present: (row: T) => R): Page<R, C> {
  return { rows: page.rows.map(present), next: page.next };
}
