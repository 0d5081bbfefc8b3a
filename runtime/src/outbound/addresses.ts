import ipaddr from 'ipaddr.js';

/** IPv6 global unicast: the only IPv6 block the liveness checks may contact (RFC 4291 2.4). */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291): an IPv4 address in IPv6 clothes. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * `text` with a trailing dotted IPv4 part of an IPv6 address written as two hex groups
 * (`::127.0.0.1` -> `::7f00:1`): ipaddr.js reads `::a.b.c.d` as IPv4-mapped (::ffff:a.b.c.d), RFC 4291
 * as IPv4-compatible, and the system resolver prints an AAAA record of ::7f00:1 that way.
 */
function hexTail(text: string): string {
  const m = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return text;
  const [a, b, c, d] = m.slice(2).map(Number) as [number, number, number, number];
  if (Math.max(a, b, c, d) > 255) return text;
  return `${m[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/**
 * The kind of an IP address as the liveness checks see it: `public` (an address the worker may
 * contact) or the name of the range that makes it off limits, or `invalid` for text that is no address.
 * - IPv4: public unless ipaddr.js names a special range (loopback, private, linkLocal with the cloud
 *   metadata address 169.254.169.254, carrierGradeNat, multicast, reserved, ...).
 * - IPv6: public only inside global unicast 2000::/3 and outside every special range there (6to4
 *   2002::/16, Teredo 2001::/32, documentation 2001:db8::/32, benchmarking, ORCHID...). Everything
 *   else is refused, each form that carries an IPv4 address whatever that address is: IPv4-compatible
 *   ::/96 (`ipv4Compatible`: [::127.0.0.1], [::a9fe:a9fe]), IPv4-mapped ::ffff:0:0/96 (`ipv4Mapped`),
 *   ::ffff:0:0:0/96 (`rfc6145`), NAT64 64:ff9b::/96 (`rfc6052`); the rest outside 2000::/3 is
 *   `outsideGlobalUnicast` when ipaddr.js has no name for it.
 * The cases, with the tests that read them and docs/security.md that shows them: address-table.ts.
 */
export function addressKind(text: string): string {
  const bare = hexTail(text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text);
  if (!ipaddr.isValid(bare)) return 'invalid';
  const address = ipaddr.parse(bare);
  const range = address.range();
  if (range !== 'unicast') return range;
  if (address.kind() === 'ipv4') return 'public';
  const v6 = address as ipaddr.IPv6;
  if (v6.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  if (!v6.match(GLOBAL_UNICAST)) return 'outsideGlobalUnicast';
  return 'public';
}

/** True when the worker may contact `text`: a public unicast address, never an internal one. */
export function isPublicAddress(text: string): boolean {
  return addressKind(text) === 'public';
}
