import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { addressKind } from './addresses';

/** The ports a hosted project may be checked on (unless its host:port is allowed by configuration). */
const OPEN_PORTS = new Set([80, 443]);
/** Bytes of an answer's body read at most: the status is the answer, the body is not needed. */
const MAX_BODY_BYTES = 16 * 1024;

/** One resolved address. */
export interface Resolved {
  address: string;
  family: 4 | 6;
}

/** How a check is made (docs/operations.md "Liveness"). */
export interface ProbeOptions {
  /** The whole check, redirects included, ends after this long. */
  timeoutMs: number;
  maxRedirects: number;
  /** host:port entries contacted whatever their address and port (development and tests). */
  allowedHosts: ReadonlySet<string>;
  /** Refuse every host:port not in allowedHosts, before any lookup (no traffic but to them). */
  allowedOnly?: boolean;
  /** Name resolution (every address of the name); the system resolver by default. */
  resolve?: (host: string) => Promise<Resolved[]>;
}

/** What a check found: up (2xx or 3xx in the end), fail (no answer, an error status), blocked (refused, never contacted). */
export type ProbeResult =
  | { outcome: 'up'; httpStatus: number; latencyMs: number }
  | { outcome: 'fail'; httpStatus: number | null; latencyMs: number; error: string }
  | { outcome: 'blocked'; error: string };

/** A target refused before any traffic. */
class Blocked extends Error {}

const systemResolve = async (host: string): Promise<Resolved[]> =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((r) => ({
    address: r.address,
    family: r.family as 4 | 6,
  }));

/** The URL's host without IPv6 brackets, lower case, and its port. */
function target(url: URL): { host: string; port: number } {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return { host, port };
}

/**
 * The address to connect to for `url`, after the checks that refuse it: a scheme other than http(s),
 * a port other than 80 and 443, a name with any loopback, private, link-local, CGNAT, multicast or
 * other non-public address. An allowed host:port skips the address and port checks.
 */
export async function pinTarget(url: URL, opts: ProbeOptions): Promise<Resolved> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Blocked(`scheme ${url.protocol} refused`);
  if (url.username !== '' || url.password !== '') throw new Blocked('credentials in the address refused');
  const { host, port } = target(url);
  const allowed = opts.allowedHosts.has(`${host}:${port}`);
  if (!allowed && opts.allowedOnly) throw new Blocked(`${host}:${port} is not an allowed host`);
  if (!allowed && !OPEN_PORTS.has(port)) throw new Blocked(`port ${port} refused`);
  const literal = addressKind(host) !== 'invalid';
  const addresses = literal
    ? [{ address: host, family: (host.includes(':') ? 6 : 4) as 4 | 6 }]
    : await (opts.resolve ?? systemResolve)(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!allowed) {
    const internal = addresses.find((a) => addressKind(a.address) !== 'public');
    if (internal) throw new Blocked(`${host} resolves to ${internal.address} (${addressKind(internal.address)})`);
  }
  return addresses[0]!;
}

/** A `lookup` that answers the pinned address whatever name is asked: the connection goes where was checked. */
function pinnedLookup(pinned: Resolved): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

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
      (response) => {
        let read = 0;
        const done = () => {
          response.destroy();
          resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null });
        };
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= MAX_BODY_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
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

/** `work`, or a rejection as soon as `signal` aborts (a slow name lookup cannot be cancelled, only left behind). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
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
