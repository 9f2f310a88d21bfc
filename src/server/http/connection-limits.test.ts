import { describe, expect, it } from 'vitest';
import { addressKey } from './connection-limits.ts';

describe('the address a connection cap counts', () => {
  it('is an IPv4 address as it is, also when IPv4-mapped', () => {
    expect(addressKey('127.20.3.4')).toBe('127.20.3.4');
    expect(addressKey('::ffff:127.20.3.4')).toBe('127.20.3.4');
  });

  it('is the /64 of an IPv6 address, so one network cannot count as millions of addresses', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:0001:0002::9%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
