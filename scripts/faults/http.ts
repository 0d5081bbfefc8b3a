/**
 * One simulated browser of the fault suite: its own cookies and client address, a home api node, and
 * a load balancer's failover (nginx's defaults): a request refused by a node (it is down), or a GET
 * whose connection failed, goes to the next node. Requests carry what the production load balancer adds (X-Forwarded-For and
 * X-Forwarded-Proto: https, docs/operations.md), so the api runs as in production.
 */
import type { Status } from './writes';
import { FAULTS_SITE_URL } from './cluster';

/** A request without an answer by then counts as failed (status 0). */
export const REQUEST_TIMEOUT_MS = 10_000;

/** One request's outcome, for the scenario's figures. */
export interface RequestRecord {
  start: number;
  end: number;
  /** The HTTP status, 0 when no answer came. */
  status: Status;
  /** Why no answer came: `timeout`, or the socket error's code. */
  failure?: string;
}

/** An answer: status (0 = none) and the parsed JSON body, if any. */
export interface Answer {
  status: Status;
  body: unknown;
}

/** The code of a fetch failure (ECONNREFUSED, UND_ERR_SOCKET, ...), if any. */
function failureCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown } })?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** A browser session against the api nodes. */
export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly urls: string[],
    private readonly home: number,
    /** The client's address as the load balancer reports it. */
    public ip: string,
    private readonly record: (r: RequestRecord) => void,
  ) {}

  /** Sends one request (JSON body), following the failover; always answers, never throws. */
  async send(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, ip = this.ip): Promise<Answer> {
    const start = Date.now();
    for (let attempt = 0; attempt < this.urls.length; attempt += 1) {
      const url = this.urls[(this.home + attempt) % this.urls.length]!;
      const headers: Record<string, string> = {
        'X-Forwarded-For': ip,
        'X-Forwarded-Proto': 'https',
        Origin: FAULTS_SITE_URL,
      };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (this.cookies.size) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      try {
        const res = await fetch(`${url}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await res.text();
        for (const cookie of res.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const at = pair.indexOf('=');
          if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
        }
        this.record({ start, end: Date.now(), status: res.status });
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = text;
        }
        return { status: res.status, body: parsed };
      } catch (err) {
        // As nginx's default `proxy_next_upstream error`: a refused connection (the request never
        // reached the node) goes to the next node, and so does a GET whose connection failed; a write
        // that may have reached the node is not sent twice.
        const code = failureCode(err);
        const nextNode =
          code === 'ECONNREFUSED' || (method === 'GET' && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET'));
        if (nextNode && attempt + 1 < this.urls.length) continue;
        const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
        this.record({
          start,
          end: Date.now(),
          status: 0,
          failure: timedOut ? 'timeout' : (failureCode(err) ?? 'error'),
        });
        return { status: 0, body: null };
      }
    }
    return { status: 0, body: null };
  }
}
