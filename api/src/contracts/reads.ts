import type { Sharing } from '@vitrine/domain/contracts/contract';
import { nextPageUrl, type Page } from '@vitrine/domain/schemas/paging';
import type { UserRow } from '@vitrine/db/queries/users';
import type { Sql } from '@vitrine/db/sql';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import { matchedRoute, PRIVATE_CACHE_CONTROL, setSharedHeaders } from '../cache/http';
import type { SharedEntry, SharedLoad, UrlAudience } from '../cache/shared-reads';
import type { Contract } from './route';

/** Runs the route's handler as `user` (null: as a visitor would call it), reading with `sql` when given (a replica). */
export type RunHandler = (user: UserRow | null, sql?: Sql) => Promise<unknown>;

/** The validated input of a call, which names a shared answer and tells what makes it stale. */
interface Input {
  params: unknown;
  query: unknown;
}

/** How this call's answer is shared: its contract's sharing, unless a field of `sharedUnless` was given (or it is not a read). */
export function sharingOf(contract: Pick<Contract, 'method' | 'sharing' | 'sharedUnless'>, query: unknown): Sharing {
  if (contract.method !== 'get' || !contract.sharing) return 'private';
  const given = (query ?? {}) as Record<string, unknown>;
  return contract.sharedUnless?.some((field) => given[field] !== undefined) ? 'private' : contract.sharing;
}

/**
 * The body of a handler's answer and the headers that go with it: a paged list's page (the contract's
 * `paging`) answers its rows, with `Link: <this URL with cursor=next>; rel="next"` when another page
 * follows; any other answer is the body as it is.
 */
function bodyOf(
  koa: AppContext,
  contract: Contract,
  answer: unknown,
): { body: unknown; headers?: Record<string, string> } {
  if (!contract.paging || answer === undefined) return { body: answer };
  const page = answer as Page<unknown>;
  if (page.next === null) return { body: page.rows };
  const next = nextPageUrl(koa.originalUrl, contract.paging.cursor, page.next);
  return { body: page.rows, headers: { Link: `<${next}>; rel="next"` } };
}

/** The body of an answer made for this caller alone, its headers set. */
function answerOwn(koa: AppContext, contract: Contract, answer: unknown): unknown {
  const { body, headers } = bodyOf(koa, contract, answer);
  if (headers) koa.set(headers);
  return body;
}

/** The body of a kept answer, its caching headers set (304 when the client holds it) and its URL remembered for the front (front.ts). */
function answerKept(koa: AppContext, key: string, entry: SharedEntry, audience: UrlAudience): unknown {
  setSharedHeaders(koa, entry, audience);
  if (koa.method === 'GET') koa.deps.sharedReads.rememberUrl(koa.url, key, audience, matchedRoute(koa));
  return entry.value;
}

/**
 * Answers a call as its contract says it is shared and paged (domain/src/contracts/contract.ts
 * `Sharing`, `Paging`), running the handler as needed; answers the body to send (undefined: none).
 * - `private`: the handler answers the caller; a page's rows go out with its Link. The request log
 *   marks an answer without Cache-Control private (middleware/request-log.ts).
 * - `public`: a visitor's answer, kept on this node under the route and its validated input until a
 *   tag of its `staleOn` goes stale: ETag/304, SHARED_CACHE_CONTROL and CDN_CACHE_CONTROL. It is read
 *   where `reads.track` says (a replica when it may); one from before this node's last invalidation
 *   is served but not kept. A member whose own write the replica has not replayed yet is answered from
 *   the primary, outside the cache. A signed-in caller a visitor's answer does not reach (404: a hidden
 *   project) is answered for themselves, privately.
 * - `visitor`: kept the same way for signed-out visitors alone, never by a cache outside this node
 *   (PRIVATE_CACHE_CONTROL); a member is answered for themselves.
 */
export async function answerCall(koa: AppContext, contract: Contract, input: Input, run: RunHandler): Promise<unknown> {
  const sharing = sharingOf(contract, input.query);
  const user = koa.state.user;
  if (sharing === 'private') return answerOwn(koa, contract, await run(user));
  const key = JSON.stringify([contract.path, input.params ?? null, input.query ?? null]);
  const kept = (answer: unknown): NonNullable<SharedLoad> => {
    const { body, headers } = bodyOf(koa, contract, answer);
    const tags = [...contract.staleOn!(body, input as Parameters<NonNullable<Contract['staleOn']>>[1])];
    return { value: body, tags, ...(headers ? { headers } : {}) };
  };
  const own = async () => {
    koa.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    return answerOwn(koa, contract, await run(user));
  };
  if (sharing === 'visitor') {
    if (user) return own();
    const entry = await koa.deps.sharedReads.get(key, async () => kept(await run(null)));
    return answerKept(koa, key, entry!, 'visitors');
  }
  const { reads, sharedReads } = koa.deps;
  try {
    if (await reads.hasPendingWrite(user?.id ?? null)) {
      const answer = answerOwn(koa, contract, await run(null, koa.deps.sql));
      koa.set('Cache-Control', PRIVATE_CACHE_CONTROL);
      return answer;
    }
    const entry = await sharedReads.get(key, async () => {
      const since = sharedReads.changedAt;
      const { value, upTo } = await reads.track((sql) => run(null, sql));
      // A replica's answer from before this node's last invalidation is served, not kept.
      return upTo < since ? { ...kept(value), keep: false } : kept(value);
    });
    return answerKept(koa, key, entry!, 'everyone');
  } catch (err) {
    if (user && err instanceof HttpError && err.status === 404) return own();
    throw err;
  }
}
