import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIRECT_DEBIT_OTP_LENGTH } from '@app/shared';
import {
  formProblems,
  limitWindowStart,
  newOtp,
  normalizeIban,
  normalizePhone,
  otpHash,
  otpMatches,
  phoneHint,
} from './directdebit.rules.js';

describe('normalizePhone', () => {
  it('drops spaces, dashes, dots, slashes and brackets, keeping a leading +', () => {
    expect(normalizePhone('+31 6-1234 5678')).toBe('+31612345678');
    expect(normalizePhone('(020) 123.45/67')).toBe('0201234567');
  });

  it('refuses letters, a + inside, and numbers shorter than 6 or longer than 15 digits', () => {
    expect(normalizePhone('06-12ab')).toBeNull();
    expect(normalizePhone('06+1234567')).toBeNull();
    expect(normalizePhone('12345')).toBeNull();
    expect(normalizePhone('+1234567890123456')).toBeNull();
  });
});

describe('phoneHint and normalizeIban', () => {
  it('shows the last two digits only', () => {
    expect(phoneHint('+31612345678')).toBe('••• ••• 78');
  });

  it('stores an IBAN without spaces in upper case', () => {
    expect(normalizeIban(' nl91 abna 0417 1643 00 ')).toBe('NL91ABNA0417164300');
  });
});

describe('formProblems', () => {
  it('names the terms, a wrong IBAN checksum and an unusable phone', () => {
    expect(formProblems({ terms: true, iban: 'NL91ABNA0417164300', phone: '0612345678' })).toEqual({});
    expect(formProblems({ terms: false, iban: 'NL92ABNA0417164300', phone: 'x' })).toEqual({
      terms: 'terms_required',
      iban: 'iban_invalid',
      phone: 'field_invalid',
    });
  });
});

describe('the SMS code', () => {
  it(`has ${DIRECT_DEBIT_OTP_LENGTH} digits`, () => {
    for (let i = 0; i < 200; i += 1) expect(newOtp()).toMatch(new RegExp(`^\\d{${DIRECT_DEBIT_OTP_LENGTH}}$`));
  });

  it('matches its own hash only, and the hash depends on the order', () => {
    fc.assert(
      fc.property(fc.nat({ max: 999_999 }), fc.nat({ max: 999_999 }), fc.integer({ min: 1 }), (a, b, orderId) => {
        const code = String(a).padStart(6, '0');
        const other = String(b).padStart(6, '0');
        const stored = otpHash(orderId, code);
        expect(otpMatches(stored, orderId, code)).toBe(true);
        expect(otpMatches(stored, orderId, other)).toBe(code === other);
        expect(otpHash(orderId + 1, code)).not.toBe(stored);
      }),
    );
  });
});

describe('limitWindowStart', () => {
  it('is 30 days back', () => {
    expect(limitWindowStart(new Date('2026-05-31T10:00:00Z'))).toEqual(new Date('2026-05-01T10:00:00Z'));
  });
});
