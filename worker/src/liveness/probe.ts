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

/** Bytes of an answer's body read at most: the status is the answer, the body is not needed. */
const MAX_BODY_BYTES = 16 * 1024;

export type { Resolved };

/** How a check is made (docs/operations.md "Liveness"). */
export interface ProbeOptions extends TargetRules {
  /** The whole check, redirects included, ends after this long. */
  timeoutMs: number;
  maxRedirects: number;
}

/** What a check found: up (2xx or 3xx in the end), fail (no answer, an error status), blocked (refused, never contacted). */
export type ProbeResult =
  | { outcome: 'up'; httpStatus: number; latencyMs: number }
  | { outcome: 'fail'; httpStatus: number | null; latencyMs: number; error: string }
  | { outcome: 'blocked'; error: string };

/** One GET to `url` through `pinned`: its status and redirect target; the body is read up to MAX_BODY_BYTES and dropped. */
function getOnce(
  url: URL,
  pinned: Resolved,
  signal: AbortSignal,
): Promise<{ status: number; location: string | null }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup: pinnedLookup(pinned),
        signal,
        agent: false,
        headers: { 'user-agent': 'VitrineLivenessCheck/1.0', accept: 'text/html,*/*;q=0.8', connection: 'close' },
      },
      (response) =>
        drainCapped(response, MAX_BODY_BYTES, () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null }),
        ),
    );
    request.on('error', reject);
    request.end();
  });
}

/** Follows `url`'s redirects up to maxRedirects, each target checked and pinned before it is contacted. */
async function follow(start: URL, opts: ProbeOptions, signal: AbortSignal): Promise<number> {
  let url = start;
  for (let hop = 0; ; hop += 1) {
    const pinned = await pinTarget(url, opts);
    const { status, location } = await getOnce(url, pinned, signal);
    if (status < 300 || status >= 400 || location === null) return status;
    if (hop >= opts.maxRedirects) throw new Error(`more than ${opts.maxRedirects} redirects`);
    url = new URL(location, url);
  }
}

/**
 * Checks that `address` answers: a GET with a time limit over the whole chain, at most
 * `maxRedirects` redirects, each hop's name resolved, checked (pinTarget) and pinned. A refused hop
 * makes the result `blocked`, and nothing is sent to it.
 */
export async function probe(address: string, opts: ProbeOptions): Promise<ProbeResult> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { outcome: 'blocked', error: 'not an address' };
  }
  const started = performance.now();
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const latency = () => Math.round(performance.now() - started);
  try {
    const status = await untilAborted(follow(url, opts, signal), signal);
    if (status >= 200 && status < 400) return { outcome: 'up', httpStatus: status, latencyMs: latency() };
    return { outcome: 'fail', httpStatus: status, latencyMs: latency(), error: `HTTP ${status}` };
  } catch (err) {
    if (err instanceof Blocked) return { outcome: 'blocked', error: err.message };
    const message = signal.aborted ? `no answer within ${opts.timeoutMs} ms` : (err as Error).message;
    return { outcome: 'fail', httpStatus: null, latencyMs: latency(), error: message.slice(0, 200) };
  }
}
