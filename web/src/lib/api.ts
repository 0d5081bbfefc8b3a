/**
 * The web's one API client: every call goes through `callApi(endpoint, { params, query, body })` with an
 * endpoint of the route table (domain/src/endpoints.ts, each typed by its contract in
 * domain/src/contracts/), and every SWR key is built here by `apiKey` from the same table. No other
 * module writes an `/api/` URL (eslint.config.js). Every call sends cookies; a non-success answer is
 * thrown as an ApiError (status, and a message `${status}: ${body text or statusText}`), a request that
 * never got through as a NetworkError. Reads go through SWR with `fetcher`, which GETs the key.
 */
import type { AnswerOf, Endpoint } from '@vitrine/domain/endpoints';
import { urlOf, type CallArgs } from '@vitrine/domain/endpoint-url';

export { endpoints } from '@vitrine/domain/endpoints';
export type { AnswerOf, BodyOf, QueryOf } from '@vitrine/domain/endpoints';

/** An error thrown for a non-success HTTP answer; `message` is `${status}: ${body text or statusText}`. */
export class ApiError extends Error {
  /** HTTP status of the answer. */
  readonly status: number;
  /** The raw body text (usually `{"message": ...}`), or '' when empty. */
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** What an action says when the request never reached the server (offline, connection dropped). */
export const CONNECTION_LOST_TEXT =
  'The connection is gone, so this was not saved. Try again when you are back online.';

/** An error thrown when the request could not be sent or its answer not received (fetch's TypeError). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(CONNECTION_LOST_TEXT, { cause });
    this.name = 'NetworkError';
  }
}

/** Raises an ApiError for a non-success answer; returns the response otherwise. */
async function throwIfResNotOk(res: Response): Promise<Response> {
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, res.statusText, text);
}

/** Sends a call with an optional JSON body and returns the raw response (already checked). */
async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers:
        data === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: data === undefined ? undefined : JSON.stringify(data),
      credentials: 'include',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  return throwIfResNotOk(res);
}

/** Sends a call and parses the JSON answer (null for an empty body, such as 204). */
async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The default SWR reader: GET the key (an `apiKey`) as JSON; a 401 is an error like any other. */
export function fetcher<T>(url: string): Promise<T> {
  return apiJson<T>('GET', url);
}

export type { CallArgs };

/** The URL of a call (domain/src/endpoint-url.ts urlOf): the path with its parameters, then the query. */
export const apiUrl = urlOf;

/** An SWR key: the URL of a GET, carrying (as a type only) the answer `fetcher` reads under it. */
export type ApiKey<A> = string & { readonly answer?: A };

/** A read: an endpoint whose method is GET. */
type ReadEndpoint = Endpoint & { readonly method: 'get' };

/** The SWR key of a read: its URL (lib/live-keys.ts matches keys by these URLs), typed with its answer. */
export function apiKey<E extends ReadEndpoint>(endpoint: E, ...args: CallArgs<E>): ApiKey<AnswerOf<E>> {
  return apiUrl(endpoint, ...args);
}

/** The URL every key of `endpoint` starts with: its path up to the first parameter (lib/live-keys.ts groups keys by it). */
export function apiPrefix(endpoint: Endpoint): string {
  const param = endpoint.path.indexOf(':');
  return param === -1 ? endpoint.path : endpoint.path.slice(0, param);
}

/** A pattern of every URL of `endpoint` without a query: each parameter is one path segment. */
export function apiPattern(endpoint: Endpoint): RegExp {
  const escaped = endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/?]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * Calls a route: typed params, query and body in, its typed answer out (null for one without a body).
 * Rejects with an ApiError (status, server message) or a NetworkError (CONNECTION_LOST_TEXT).
 */
export function callApi<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<AnswerOf<E>> {
  const body = (args[0] as { body?: unknown } | undefined)?.body;
  return apiJson<AnswerOf<E>>(endpoint.method.toUpperCase(), apiUrl(endpoint, ...args), body);
}

/**
 * GETs a key, or a URL the server named (a Link rel="next"), and answers the raw, checked response:
 * for a download (the file name and type stay the server's) and for headers (keyset pages).
 */
export function getRaw(url: string): Promise<Response> {
  return apiRequest('GET', url);
}

/**
 * The server's `{message}` from an error thrown by this module, CONNECTION_LOST_TEXT when the request
 * never got through, or `fallback` when there is none (non-JSON body, non-Error value).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError) {
    try {
      const parsed: unknown = JSON.parse(error.body);
      if (
        parsed &&
        typeof parsed === 'object' &&
        'message' in parsed &&
        typeof parsed.message === 'string' &&
        parsed.message
      ) {
        return parsed.message;
      }
    } catch {
      // not JSON: fall through to the plain body
    }
    return error.body || fallback;
  }
  return fallback;
}

/** HTTP status of an error thrown by this module, else undefined. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
