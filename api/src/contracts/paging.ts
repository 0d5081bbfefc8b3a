import type { Page } from '@vitrine/db/queries/paging';
import { nextPageUrl } from '@vitrine/domain/schemas/paging';
import type { AppContext } from '../context';

/**
 * Answers one page of a newest-first list (domain/schemas/paging.ts): its rows presented, and when
 * another page follows, `Link: <the same URL with before=the page's cursor>; rel="next"` (RFC 8288;
 * a URL relative to the request's). The body stays a plain array, as every list call answers.
 */
export function pageAnswer<T, R>(koa: AppContext, page: Page<T>, present: (row: T) => R): R[] {
  if (page.next) koa.set('Link', `<${nextPageUrl(koa.originalUrl, page.next)}>; rel="next"`);
  return page.rows.map(present);
}
