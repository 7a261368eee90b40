import { describe, expect, it } from 'vitest';
import { countryForIp } from './index.js';

describe('countryForIp', () => {
  it('finds the country of a public address, IPv4, IPv4-mapped and IPv6', () => {
    expect(countryForIp('8.8.8.8')).toBe('US');
    expect(countryForIp('::ffff:8.8.8.8')).toBe('US');
    expect(countryForIp('145.100.0.1')).toBe('NL'); // SURF, Amsterdam
    expect(countryForIp('2a00:1450:4001::1')).toBe('DE');
  });

  it('returns null for private, loopback, unknown and malformed addresses', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '192.168.1.10', '::1', 'not-an-ip', '', undefined, null]) {
      expect(countryForIp(ip)).toBeNull();
    }
  });
});
