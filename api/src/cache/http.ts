import type Koa from 'koa';
import type { AppContext, AppContextExtras, AppState, Caller } from '../context';
import type { SharedEntry, SharedLoad } from './shared-reads';

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
const CDN_CACHE_CONTROL = `public, max-age=${CDN_MAX_AGE_S}, stale-while-revalidate=${CDN_STALE_WHILE_REVALIDATE_S}`;

/** Cache-Control of an answer that depends on who asks. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * The default of every /api answer: PRIVATE_CACHE_CONTROL unless the route set its own (shared reads,
 * health, the API document). Errors are never stored either, whatever the route had set before it
 * failed. Without it a signed-in answer (`/api/auth/me` with the email, messages, admin lists) went
 * out with no Cache-Control, which a browser or proxy may store and hand out again. Mounted outside
 * the error middleware so it sees the final answer.
 */
export function privateApiAnswers(): Koa.Middleware {
  return async (koa, next) => {
    try {
      await next();
    } finally {
      if (koa.path.startsWith('/api/') || koa.path === '/api') {
        if (koa.status >= 400 || !koa.response.get('Cache-Control')) {
          koa.set('Cache-Control', PRIVATE_CACHE_CONTROL);
          koa.remove('CDN-Cache-Control');
        }
      }
    }
  };
}

/**
 * Answers the shared read `key` from this node's cache (loading it on a miss): sets its ETag,
 * SHARED_CACHE_CONTROL and CDN_CACHE_CONTROL, answers 304 when the client's If-None-Match matches,
 * and returns the value for the handler to answer. Undefined when `load` says the answer is not shared (the caller then
 * answers for this viewer).
 */
export async function respondShared<T>(
  koa: AppContext,
  key: string,
  load: () => Promise<NonNullable<SharedLoad<T>>>,
): Promise<T>;
export async function respondShared<T>(
  koa: AppContext,
  key: string,
  load: () => Promise<SharedLoad<T>>,
): Promise<T | undefined>;
export async function respondShared<T>(
  koa: AppContext,
  key: string,
  load: () => Promise<SharedLoad<T>>,
): Promise<T | undefined> {
  const entry = await koa.deps.sharedReads.get(key, load);
  if (!entry) return undefined;
  setSharedHeaders(koa, entry);
  if (koa.method === 'GET') koa.deps.sharedReads.rememberUrl(koa.url, key);
  return entry.value;
}

/** The caching headers of a shared answer, and 304 when the client already holds it. */
function setSharedHeaders(koa: AppContext, entry: SharedEntry): void {
  koa.set('Cache-Control', SHARED_CACHE_CONTROL);
  koa.set('CDN-Cache-Control', CDN_CACHE_CONTROL);
  koa.etag = entry.etag;
  // Koa judges freshness only for a successful status, and nothing was answered yet.
  koa.status = 200;
  if (koa.fresh) koa.status = 304;
}

/**
 * Middleware in front of the session, the current user and the routers: a GET whose URL a kept
 * shared read answered last time gets that answer at once (its JSON as it was serialised, ETag, 304),
 * as a cache in front of the API would. Shared reads are the same for every viewer, so nothing the
 * skipped steps read could change the answer; a miss, or any other request, goes on as usual.
 */
export function sharedReadsFront(): Koa.Middleware<AppState, AppContextExtras> {
  return async (koa, next) => {
    const entry = koa.method === 'GET' ? koa.deps.sharedReads.byUrl(koa.url) : undefined;
    if (!entry) return next();
    setSharedHeaders(koa, entry);
    if (koa.status === 304) return;
    koa.type = 'application/json';
    koa.body = entry.json;
  };
}

/** Drops the shared reads carrying `tags` on this node at once, and tells every other node. */
export async function announceStale(caller: Pick<Caller, 'deps'>, tags: string[]): Promise<void> {
  caller.deps.sharedReads.dropStale(tags);
  await caller.deps.publisher.announceStale(tags);
}
