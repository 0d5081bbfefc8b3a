import http from 'node:http';
import https from 'node:https';
import {
  Blocked,
  drainCapped,
  pinnedLookup,
  pinTarget,
  untilAborted,
  type Resolved,
  type TargetRules,
} from '@vitrine/runtime/outbound/target';

/** Bytes of a receiver's answer read at most: its status is the answer, the body is dropped. */
const MAX_ANSWER_BYTES = 16 * 1024;
/** Longest error text kept in the log. */
const MAX_ERROR_LENGTH = 200;

/** One POST of a delivery: the address, the exact body, the headers. */
export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** What one attempt found: ok (a 2xx answer), failed (no answer in time, an error, any other status), blocked (refused, nothing sent). */
export interface AttemptResult {
  outcome: 'ok' | 'failed' | 'blocked';
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
}

/** One POST through `pinned`: the answer's status (its body read up to MAX_ANSWER_BYTES and dropped). */
function postOnce(request: WebhookRequest, pinned: Resolved, signal: AbortSignal): Promise<number> {
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(pinned),
        signal,
        agent: false,
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': 'VitrineWebhooks/1.0',
          connection: 'close',
        },
      },
      (response) => drainCapped(response, MAX_ANSWER_BYTES, () => resolve(response.statusCode ?? 0)),
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * Sends one attempt of a delivery through the outbound guard (runtime/src/outbound/target.ts): the
 * address is resolved, refused if internal (blocked: nothing is sent) and the connection pinned to the
 * checked address. Redirects are not followed (a 3xx is a failure), and the whole attempt, name lookup
 * included, ends after `timeoutMs`.
 */
export async function sendAttempt(
  request: WebhookRequest,
  rules: TargetRules,
  timeoutMs: number,
): Promise<AttemptResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const status = await untilAborted(
      pinTarget(new URL(request.url), rules).then((pinned) => postOnce(request, pinned, signal)),
      signal,
    );
    if (status >= 200 && status < 300)
      return { outcome: 'ok', responseStatus: status, durationMs: elapsed(), error: null };
    return { outcome: 'failed', responseStatus: status, durationMs: elapsed(), error: `HTTP ${status}` };
  } catch (err) {
    if (err instanceof Blocked)
      return { outcome: 'blocked', responseStatus: null, durationMs: null, error: err.message };
    const message = signal.aborted ? `no answer within ${timeoutMs} ms` : (err as Error).message;
    return {
      outcome: 'failed',
      responseStatus: null,
      durationMs: elapsed(),
      error: message.slice(0, MAX_ERROR_LENGTH),
    };
  }
}
