import { describe, expect, it } from 'vitest';
import { addressKey, koaProxyOptions, networkKey } from './client-address';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey(' 10.0.0.1 ')).toBe('10.0.0.1');
  });

  it('answers the IPv4 address of an IPv4-mapped IPv6 address, in any spelling', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64 prefix, however they are written', () => {
    const key = '2001:db8:0:1::/64';
    expect(addressKey('2001:db8:0:1::1')).toBe(key);
    expect(addressKey('2001:db8:0:1:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:0DB8:0000:0001:0:0:0:abcd')).toBe(key);
    expect(addressKey('[2001:db8:0:1::7]')).toBe(key);
    expect(addressKey('2001:db8:0:1::1.2.3.4')).toBe(key);
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:0:2::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps anything else as a bounded string of its own', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not-an-address')).toBe('not-an-address');
    expect(addressKey('x'.repeat(500))).toHaveLength(64);
  });
});

describe('koaProxyOptions', () => {
  it('reads TRUST_PROXY_HOPS entries from the right only when the proxy is trusted', () => {
    expect(koaProxyOptions({ trustProxy: true, trustProxyHops: 2 })).toEqual({ proxy: true, maxIpsCount: 2 });
    expect(koaProxyOptions({ trustProxy: false, trustProxyHops: 2 })).toEqual({ proxy: false, maxIpsCount: 0 });
  });
});

describe('networkKey', () => {
  it('groups an IPv4 address (mapped ones too) by its /24 and an IPv6 address by its /48', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('203.0.113.200')).toBe(networkKey('203.0.113.7'));
    expect(networkKey('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkKey('203.0.114.7')).not.toBe(networkKey('203.0.113.7'));
    expect(networkKey('2001:db8:1:2::5')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:DB8:1:ffff:1::9')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8:2::1')).not.toBe(networkKey('2001:db8:1::1'));
  });
});
