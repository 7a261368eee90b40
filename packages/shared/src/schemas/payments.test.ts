import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSION_MIN, discountedAmount, isValidIban, termsVersion } from './payments.js';

/** The two check digits of an IBAN without them, computed as ISO 13616 says (98 - mod 97). */
function checkDigits(country: string, bban: string): string {
  const digits = (bban + country + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return String(98 - remainder).padStart(2, '0');
}

const bbanChars = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
const anIban = fc
  .tuple(
    fc.constantFrom('NL', 'DE', 'BE', 'FR', 'GB', 'AT', 'PL'),
    fc.array(bbanChars, { minLength: 11, maxLength: 30 }).map((chars) => chars.join('')),
  )
  .map(([country, bban]) => `${country}${checkDigits(country, bban)}${bban}`);

describe('isValidIban', () => {
  it('accepts real IBANs, with spaces and in lower case', () => {
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
    expect(isValidIban('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('BE68 5390 0754 7034')).toBe(true);
    expect(isValidIban('GB29 NWBK 6016 1331 9268 19')).toBe(true);
  });

  it('refuses a wrong checksum, a wrong shape, and lengths outside 15 to 34', () => {
    expect(isValidIban('NL92ABNA0417164300')).toBe(false);
    expect(isValidIban('NL91ABNA0417164301')).toBe(false);
    expect(isValidIban('9191ABNA0417164300')).toBe(false);
    expect(isValidIban('NLXXABNA0417164300')).toBe(false);
    expect(isValidIban('NL91-ABNA-0417-1643-00')).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(isValidIban('NO9386011117')).toBe(false);
    expect(isValidIban(`NL91${'1'.repeat(31)}`)).toBe(false);
  });

  it('accepts every IBAN with computed check digits, and refuses it with one digit of the account changed', () => {
    fc.assert(
      fc.property(anIban, fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, shift) => {
        expect(isValidIban(iban)).toBe(true);
        const digitPositions = [...iban.slice(4)].flatMap((c, i) => (/\d/.test(c) ? [i + 4] : []));
        fc.pre(digitPositions.length > 0);
        const position = digitPositions[at % digitPositions.length]!;
        const changed = String((Number(iban[position]) + shift) % 10);
        expect(isValidIban(iban.slice(0, position) + changed + iban.slice(position + 1))).toBe(false);
      }),
    );
  });
});

describe('discountedAmount', () => {
  it('takes the percentage off in whole cents, rounding half up', () => {
    expect(discountedAmount(5999, 25)).toBe(4499);
    expect(discountedAmount(1000, 25)).toBe(750);
    expect(discountedAmount(1, 50)).toBe(1);
    expect(discountedAmount(3, 50)).toBe(2);
    expect(discountedAmount(1499, 100)).toBe(0);
    expect(discountedAmount(1499, 0)).toBe(1499);
  });

  it('is an integer between 0 and the list price, and never rises with the percentage', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.integer({ min: 0, max: 99 }), (amount, percentage) => {
        const price = discountedAmount(amount, percentage);
        expect(Number.isInteger(price)).toBe(true);
        expect(price).toBeGreaterThanOrEqual(0);
        expect(price).toBeLessThanOrEqual(amount);
        expect(discountedAmount(amount, percentage + 1)).toBeLessThanOrEqual(price);
      }),
    );
  });
});

describe('termsVersion', () => {
  it('is the minimum version for a company added before it', () => {
    expect(termsVersion('2023-06-01T00:00:00Z')).toBe(TERMS_VERSION_MIN);
    expect(termsVersion(new Date(TERMS_VERSION_MIN))).toBe(TERMS_VERSION_MIN);
  });

  it("is the company's added date when that is later, as ISO 8601", () => {
    expect(termsVersion('2024-03-15T09:30:00Z')).toBe('2024-03-15T09:30:00.000Z');
    expect(termsVersion(new Date('2023-12-01T12:00:01Z'))).toBe('2023-12-01T12:00:01.000Z');
  });
});
