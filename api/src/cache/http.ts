import type { Sql } from '@vitrine/db/sql';
import type { AppContext, Caller } from '../context';
import type { SharedEntry, SharedLoad, UrlAudience } from './shared-reads';

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

/**
 * Answers the shared read `key` from this node's cache (loading it on a miss): sets its ETag,
 * SHARED_CACHE_CONTROL and CDN_CACHE_CONTROL, answers 304 when the client's If-None-Match matches,
 * and returns the value for the handler to answer. Undefined when `load` says the answer is not shared (the caller then
 * answers for this viewer). `load` is given the pool to read with (api/src/read-routing.ts), the
 * replica when it may; an answer from before this node's last invalidation is served but not kept,
 * so the cache never holds what a change made stale. A member whose own write the replica has not
 * replayed yet is answered from the primary, outside the cache.
 */
export async function respondShared<T>(
  koa: AppContext,
  key: string,
  load: (sql: Sql) => Promise<NonNullable<SharedLoad<T>>>,
): Promise<T>;
export async function respondShared<T>(
  koa: AppContext,
  key: string,
  load: (sql: Sql) => Promise<SharedLoad<T>>,
): Promise<T | undefined>;
export async function respondShared<T>(
  koa: AppContext,
  key: string,
  load: (sql: Sql) => Promise<SharedLoad<T>>,
): Promise<T | undefined> {
  const { reads, sharedReads } = koa.deps;
  if (await reads.hasPendingWrite(koa.state.user?.id ?? null)) {
    const own = await load(koa.deps.sql);
    if (!own) return undefined;
    koa.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    return own.value;
  }
  const entry = await sharedReads.get(key, async () => {
    const since = sharedReads.changedAt;
    const { value: loaded, upTo } = await reads.track(load);
    // A replica's answer from before this node's last invalidation is served, not kept.
    return loaded && upTo < since ? { ...loaded, keep: false } : loaded;
  });
  if (!entry) return undefined;
  setSharedHeaders(koa, entry, 'everyone');
  if (koa.method === 'GET') koa.deps.sharedReads.rememberUrl(koa.url, key, 'everyone', matchedRoute(koa));
  return entry.value;
}

/**
 * Answers a read that is the same for every visitor but not for members (a member sees their own
 * hidden comments, what they may edit): kept like a shared read, by URL too, but the front answers it
 * only to requests without a session cookie, and no cache outside this node keeps it
 * (PRIVATE_CACHE_CONTROL: a CDN would hand it to members too). The caller answers visitors only.
 */
export async function respondToVisitors<T>(
  koa: AppContext,
  key: string,
  load: () => Promise<SharedLoad<T>>,
): Promise<T | undefined> {
  const entry = await koa.deps.sharedReads.get(key, load);
  if (!entry) return undefined;
  setSharedHeaders(koa, entry, 'visitors');
  if (koa.method === 'GET') koa.deps.sharedReads.rememberUrl(koa.url, key, 'visitors', matchedRoute(koa));
  return entry.value;
}

/** The route pattern @koa/router matched for this request (what the request log and metrics label it by). */
function matchedRoute(koa: AppContext): string | undefined {
  const matched = (koa as AppContext & { _matchedRoute?: string | RegExp })._matchedRoute;
  return typeof matched === 'string' ? matched : undefined;
}

/** The caching and other kept headers of a shared answer, and 304 when the client already holds it. */
function setSharedHeaders(koa: AppContext, entry: SharedEntry, audience: UrlAudience): void {
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
