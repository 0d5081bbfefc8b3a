/**
 * The call contract: every call sends cookies; a non-success answer is thrown as an Error
 * whose message is `${status}: ${body text or statusText}`. Reads go through SWR with `fetcher`.
 */

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
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
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
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The default SWR reader: GET as JSON; a 401 is an error like any other. */
export function fetcher<T>(url: string): Promise<T> {
  return apiJson<T>('GET', url);
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
