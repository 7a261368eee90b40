import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  badgeText,
  cleanPhone,
  emailKey,
  initialLocale,
  seekingFor,
  sexualityFor,
  termsVersionDate,
  visibleLanguages,
} from './rules.js';
import { LOCALES } from './constants.js';

describe('visibleLanguages', () => {
  it('follows the spec table per country', () => {
    expect(visibleLanguages('US')).toEqual(['en', 'es']);
    expect(visibleLanguages('NL')).toEqual(['nl']);
    expect(visibleLanguages('BE')).toEqual(['nl', 'fr', 'de']);
    expect(visibleLanguages('CA')).toEqual(['en', 'fr']);
    expect(visibleLanguages('CH')).toEqual(['de', 'it', 'fr', 'en']);
  });
  it('offers every language to an unknown country', () => {
    expect(visibleLanguages(null)).toEqual(LOCALES);
    expect(visibleLanguages('JP')).toEqual(LOCALES);
  });
});

describe('initialLocale', () => {
  it('prefers a supported cookie', () => expect(initialLocale('de', 'fr')).toBe('de'));
  it('uses a supported domain language without a cookie', () => expect(initialLocale(undefined, 'fr')).toBe('fr'));
  it('ignores unsupported values and falls back to nl', () => {
    expect(initialLocale('xx', 'yy')).toBe('nl');
    expect(initialLocale('xx', 'en')).toBe('en');
  });
  it('always yields a shipped locale', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (a, b) => LOCALES.includes(initialLocale(a, b))),
    );
  });
});

describe('cleanPhone', () => {
  it('removes dashes and spaces', () => expect(cleanPhone('+31 20-123 45 67')).toBe('+31201234567'));
  it('removes the dashes and spaces a pasted number brings along', () =>
    expect(cleanPhone('+31\u00a020\u2013123\u200945\u201167 ')).toBe('+31201234567'));
  it('keeps a clean number as it is', () => expect(cleanPhone('+31201234567')).toBe('+31201234567'));
});

describe('termsVersionDate', () => {
  it('is never before 2023-12-01 12:00 UTC', () => {
    expect(termsVersionDate('2020-01-01').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate(null).toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });
  it('takes a later company added date', () => {
    expect(termsVersionDate('2024-05-06T10:00:00Z').toISOString()).toBe('2024-05-06T10:00:00.000Z');
  });
});

describe('badgeText', () => {
  it('caps at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(5)).toBe('5');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('sexualityFor and seekingFor', () => {
  it('turn whom a member seeks into the contract sexuality and back', () => {
    const cases = [
      ['female', 'men', 'hetero'],
      ['female', 'women', 'lesbian'],
      ['male', 'women', 'hetero'],
      ['male', 'men', 'gay'],
      ['male', 'both', 'bi'],
      ['female', 'both', 'bi'],
    ] as const;
    for (const [gender, seeking, sexuality] of cases) {
      expect(sexualityFor(gender, seeking)).toBe(sexuality);
      expect(seekingFor(gender, sexuality)).toBe(seeking);
    }
  });
});

describe('emailKey', () => {
  const local = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,15}$/);
  const domain = fc.constantFrom('gmail.com', 'googlemail.com', 'example.nl', 'Hotmail.COM', 'mail.example.de');
  const address = fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`);

  it('maps gmail dot, plus and domain variants to one key', () => {
    expect(emailKey('J.an+x@GoogleMail.com')).toBe('jan@gmail.com');
    expect(emailKey('jan@gmail.com')).toBe('jan@gmail.com');
    expect(emailKey('j.an+dating@example.nl')).toBe('j.an@example.nl');
  });

  it('is idempotent', () => {
    fc.assert(fc.property(address, (email) => emailKey(emailKey(email)) === emailKey(email)));
  });

  it('ignores case', () => {
    fc.assert(fc.property(address, (email) => emailKey(email.toUpperCase()) === emailKey(email)));
  });

  it('gives every dot and +tag variant of a gmail address the same key', () => {
    const plain = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    fc.assert(
      fc.property(
        plain,
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.stringMatching(/^[a-z0-9]{0,6}$/),
        (name, dots, tag) => {
          const chars = [...name];
          for (const at of dots) chars.splice((at % chars.length) + 1, 0, '.');
          const variant = `${chars.join('')}+${tag}@googlemail.com`;
          return emailKey(variant) === emailKey(`${name}@gmail.com`);
        },
      ),
    );
  });
});
