import type { AppContext, Caller } from '../context';
import type { SharedEntry, UrlAudience } from './shared-reads';

/** How long a CDN may serve a shared read without asking (seconds); it cannot hear our invalidations. */
const CDN_MAX_AGE_S = 5;
/** How long a CDN may keep serving a stale shared read while it refetches in the background (seconds). */
const CDN_STALE_WHILE_REVALIDATE_S = 30;

/**
 * Cache-Control of a shared read: every cache revalidates before reuse once it is stale, browsers at
 * once (a cheap 304 by ETag: a browser honours stale-while-revalidate too, and would show a list from
 * before the visitor's own vote), shared caches after a few seconds.
 */
export const SHARED_CACHE_CONTROL = `public, max-age=0, must-revalidate, s-maxage=${CDN_MAX_AGE_S}`;

/**
 * The same for CDNs alone (RFC 9213 CDN-Cache-Control, which they prefer over Cache-Control): they
 * may also serve a stale copy while they refetch in the background. Browsers never read it.
 */
export const CDN_CACHE_CONTROL = `public, max-age=${CDN_MAX_AGE_S}, stale-while-revalidate=${CDN_STALE_WHILE_REVALIDATE_S}`;

/** Cache-Control of an answer that depends on who asks. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The route pattern @koa/router matched for this request (what the request log and metrics label it by). */
export function matchedRoute(koa: AppContext): string | undefined {
  const matched = (koa as AppContext & { _matchedRoute?: string | RegExp })._matchedRoute;
  return typeof matched === 'string' ? matched : undefined;
}

/** The caching and other kept headers of a shared answer, and 304 when the client already holds it. */
export function setSharedHeaders(koa: AppContext, entry: SharedEntry, audience: UrlAudience): void {
  if (audience === 'everyone') {
    koa.set('Cache-Control', SHARED_CACHE_CONTROL);
    koa.set('CDN-Cache-Control', CDN_CACHE_CONTROL);
  } else koa.set('Cache-Control', PRIVATE_CACHE_CONTROL);
  for (const [name, value] of Object.entries(entry.headers ?? {})) koa.set(name, value);
  koa.etag = entry.etag;
  // Koa judges freshness only for a successful status, and nothing was answered yet.
  koa.status = 200;
  if (koa.fresh) koa.status = 304;
}

/** Answers smaller than this go out plain, as the compression middleware's threshold (app.ts). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Drops the shared reads carrying `tags` on this node at once, and tells every other node. */
export async function announceStale(caller: Pick<Caller, 'deps'>, tags: string[]): Promise<void> {
  caller.deps.sharedReads.dropStale(tags);
  await caller.deps.publisher.announceStale(tags);
}
