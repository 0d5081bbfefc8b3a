import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import { addressKind } from './addresses';

/**
 * The guard of every outbound request to a user-given address (the liveness checks, webhook
 * deliveries, and the API when a webhook is added): docs/security.md "Live checks cannot reach inside
 * the network".
 */

/** The ports a user-given address may use (unless its host:port is allowed by configuration). */
const OPEN_PORTS = new Set([80, 443]);

/** One resolved address. */
export interface Resolved {
  address: string;
  family: 4 | 6;
}

/** Which targets the guard lets through besides public addresses on ports 80 and 443. */
export interface TargetRules {
  /** host:port entries contacted whatever their address and port (development and tests). */
  allowedHosts: ReadonlySet<string>;
  /** Refuse every host:port not in allowedHosts, before any lookup (no traffic but to them). */
  allowedOnly?: boolean;
  /** Name resolution (every address of the name); the system resolver by default. */
  resolve?: (host: string) => Promise<Resolved[]>;
}

/** A target refused before any traffic, with the reason. */
export class Blocked extends Error {}

const systemResolve = async (host: string): Promise<Resolved[]> =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((r) => ({
    address: r.address,
    family: r.family as 4 | 6,
  }));

/** The URL's host without IPv6 brackets, lower case, and its port. */
export function targetOf(url: URL): { host: string; port: number } {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return { host, port };
}

/**
 * The address to connect to for `url`, after the checks that refuse it (Blocked): a scheme other
 * than http(s), credentials in the address, a port other than 80 and 443, a name with any loopback,
 * private, link-local, CGNAT, multicast or other non-public address. An allowed host:port skips the
 * address and port checks. A name that does not resolve rejects with the resolver's error.
 */
export async function pinTarget(url: URL, rules: TargetRules): Promise<Resolved> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Blocked(`scheme ${url.protocol} refused`);
  if (url.username !== '' || url.password !== '') throw new Blocked('credentials in the address refused');
  const { host, port } = targetOf(url);
  const allowed = rules.allowedHosts.has(`${host}:${port}`);
  if (!allowed && rules.allowedOnly) throw new Blocked(`${host}:${port} is not an allowed host`);
  if (!allowed && !OPEN_PORTS.has(port)) throw new Blocked(`port ${port} refused`);
  const literal = addressKind(host) !== 'invalid';
  const addresses = literal
    ? [{ address: host, family: (host.includes(':') ? 6 : 4) as 4 | 6 }]
    : await (rules.resolve ?? systemResolve)(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!allowed) {
    const internal = addresses.find((a) => addressKind(a.address) !== 'public');
    if (internal) throw new Blocked(`${host} resolves to ${internal.address} (${addressKind(internal.address)})`);
  }
  return addresses[0]!;
}

/** A `lookup` that answers the pinned address whatever name is asked: the connection goes where was checked. */
export function pinnedLookup(pinned: Resolved): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

/** `work`, or a rejection as soon as `signal` aborts (a slow name lookup cannot be cancelled, only left behind). */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Reads an answer's body only up to `maxBytes`, dropping it (a check or a delivery needs its status),
 * then destroys the connection and calls `done` once: at its end, on an error, or at the cap.
 */
export function drainCapped(response: IncomingMessage, maxBytes: number, done: () => void): void {
  let read = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    response.destroy();
    done();
  };
  response.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read >= maxBytes) finish();
  });
  response.on('end', finish);
  response.on('error', finish);
}
