import { isIPv4, isIPv6 } from 'node:net';
import type { Config } from '@vitrine/runtime/config';

/**
 * Groups of an IPv6 address that name one visitor: the /64 prefix (4 groups of 16 bits). An ISP hands
 * each subscriber at least a /64 and the host part is theirs to rotate, so counting full IPv6
 * addresses would let one visitor vote or retry from 2^64 addresses.
 */
const IPV6_VISITOR_GROUPS = 4;
/** Groups of 16 bits in an IPv6 address. */
const IPV6_GROUPS = 8;
/** A value that is no address at all is kept to this length (it only ever names itself). */
const MAX_OTHER_LENGTH = 64;

/**
 * Koa's proxy options from the configuration, for every Koa app that reads a request (the API and the
 * Socket.IO handshake reader): under TRUST_PROXY, `ctx.ip` is the X-Forwarded-For entry TRUST_PROXY_HOPS
 * from the right (`maxIpsCount`), the one our own outermost proxy appended, so anything a client writes
 * to the left of it is ignored. Without TRUST_PROXY the header is not read at all.
 */
export function koaProxyOptions(config: Pick<Config, 'trustProxy' | 'trustProxyHops'>): {
  proxy: boolean;
  maxIpsCount: number;
} {
  return { proxy: config.trustProxy, maxIpsCount: config.trustProxy ? config.trustProxyHops : 0 };
}

/**
 * The identity of a client address for "one per address" rules (visitor votes, views, per-IP rate
 * limits): an IPv4 address as it is, an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`) as its IPv4
 * address, any other IPv6 address as its /64 prefix (`2001:db8:0:1::/64`). The one place this grouping
 * is decided; callers keep the full address for records such as a report's reporter.
 */
export function addressKey(address: string): string {
  let ip = address.trim().toLowerCase();
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip.slice(0, MAX_OTHER_LENGTH);
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, IPV6_VISITOR_GROUPS)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** Groups of an IPv6 address that name one network for tier ratings: the /48 a site is usually given. */
const IPV6_NETWORK_GROUPS = 3;

/**
 * The network of a client address for rules that count people rather than devices (ratings toward a
 * badge tier): an IPv4 address (IPv4-mapped too) by its /24 (`203.0.113.0/24`), an IPv6 address by its
 * /48 (`2001:db8:1::/48`). Wider than addressKey: one person easily holds several addresses of a /24
 * or several /64s of a /48, so accounts from one such network count once.
 */
export function networkKey(address: string): string {
  const key = addressKey(address);
  if (isIPv4(key)) return `${key.split('.').slice(0, 3).join('.')}.0/24`;
  if (!key.endsWith('::/64')) return key;
  const groups = ipv6Groups(key.slice(0, -'/64'.length));
  return `${groups
    .slice(0, IPV6_NETWORK_GROUPS)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(ip: string): number[] {
  const toGroups = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((piece) => {
      if (!piece.includes('.')) return [parseInt(piece, 16)];
      const [a, b, c, d] = piece.split('.').map(Number);
      return [(a! << 8) | b!, (c! << 8) | d!];
    });
  };
  const [head = '', tail] = ip.split('::');
  const left = toGroups(head);
  const right = tail === undefined ? [] : toGroups(tail);
  const zeros = new Array<number>(IPV6_GROUPS - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}
