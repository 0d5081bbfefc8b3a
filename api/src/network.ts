import { isIPv4, isIPv6 } from 'node:net';

/** Leading 16-bit groups of an IPv6 address that name its /64 network. */
const IPV6_NETWORK_GROUPS = 4;

/**
 * The network an address belongs to, for counting "different addresses" (issue 14): an IPv4 address
 * itself (an IPv4-mapped IPv6 address too), an IPv6 address's /64 (one subscriber usually holds a whole
 * /64, so its addresses are one reporter), anything else as given. (sec-a adds a shared helper for the
 * same grouping; merge onto it.)
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail (::1.2.3.4) stands for two groups.
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length - (right.at(-1)?.includes('.') ? 1 : 0)).fill('0'), ...right] : left;
  const prefix = groups.slice(0, IPV6_NETWORK_GROUPS).map((g) => Number.parseInt(g, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
