import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  totpCode,
  totpStep,
} from './totp.js';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; the RFC prints
// eight digits, of which a six-digit code is the last six.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('totp', () => {
  it('gives the codes of RFC 6238', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)))).toBe(code.slice(2));
    }
  });

  it('round-trips base32', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect([...base32Decode(base32Encode(bytes))]).toEqual([...bytes]);
      }),
    );
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('accepts the current code and one step of drift, not two', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-11-25T12:00:10Z');
    const step = totpStep(at);
    expect(matchTotp(secret, totpCode(secret, step), at, null)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, step - 1), at, null)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, step + 1), at, null)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, step - 2), at, null)).toBeNull();
    expect(matchTotp(secret, 'abcdef', at, null)).toBeNull();
  });

  it('never accepts a code of a step already used', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-11-25T12:00:10Z');
    const step = totpStep(at);
    expect(matchTotp(secret, totpCode(secret, step), at, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, step - 1), at, step - 1)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, step + 1), at, step)).toBe(step + 1);
  });

  it('builds the otpauth URL authenticator apps scan', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'Amoria', 'ann@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(url.href.split('?')[0]!)).toBe('otpauth://totp/Amoria:ann@example.com');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('period')).toBe('30');
  });

  it('makes recovery codes that survive how people type them', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(normalizeRecoveryCode(` ${code.toLowerCase().replace('-', ' ')} `)).toBe(code.replace('-', ''));
  });
});
