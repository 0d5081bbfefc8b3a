import ipaddr from 'ipaddr.js';

/**
 * The kind of an IP address as the liveness checks see it: `public` (a global unicast address the
 * worker may contact) or the name of the range that makes it off limits (loopback, private,
 * linkLocal (the cloud metadata address 169.254.169.254 among them), carrierGradeNat, multicast,
 * uniqueLocal (fd00:ec2::254), reserved, ...), or `invalid` for text that is no address.
 * An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries; the
 * IPv6 forms that embed an IPv4 address by translation (6to4, Teredo, NAT64) are refused whole.
 */
export function addressKind(text: string): string {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return 'invalid';
  let address = ipaddr.parse(bare);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  const range = address.range();
  return range === 'unicast' ? 'public' : range;
}

/** True when the worker may contact `text`: a public unicast address, never an internal one. */
export function isPublicAddress(text: string): boolean {
  return addressKind(text) === 'public';
}
