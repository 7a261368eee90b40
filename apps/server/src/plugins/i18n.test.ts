import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FIELD_MESSAGE_KEYS, LOCALES } from '@app/shared';
import { hasMessage, localeFromAcceptLanguage, translate } from './i18n.js';

describe('localeFromAcceptLanguage', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['ja, fr;q=0.5, en;q=0.7', 'en'],
    ['nb-NO', 'no'],
    ['*', null],
    ['ja', null],
    ['en;q=0, fr;q=0.1', 'fr'],
    ['', null],
    [undefined, null],
  ])('reads %s as %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});

describe('translate', () => {
  it('has a message for every error code and field key in every locale', () => {
    for (const key of [...ERROR_CODES, ...FIELD_MESSAGE_KEYS]) {
      expect(hasMessage(key), key).toBe(true);
      for (const locale of LOCALES) expect(translate(locale, key), `${locale} ${key}`).not.toBe(key);
    }
  });

  it('fills placeholders and leaves unknown ones alone', () => {
    expect(translate('en', 'field_too_long', { max: 30 })).toBe('Use at most 30 characters.');
    expect(translate('en', 'field_too_long')).toBe('Use at most {{max}} characters.');
  });

  it('falls back to the key for an unknown message', () => {
    expect(translate('en', 'no_such_key')).toBe('no_such_key');
  });
});
