import { describe, expect, it } from 'vitest';
import {
  cleanOtp,
  compactIban,
  directDebitFailure,
  formatIban,
  formatIbanInput,
  isOtpComplete,
  parseBundleParam,
  validateDirectDebit,
  type DirectDebitForm,
} from './rules';

const VALID: DirectDebitForm = {
  account_holder: 'Sanne de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CJ',
  city: 'Amsterdam',
  phone: '06 12345678',
  terms: true,
};

describe('formatIban', () => {
  it('prints groups of four in capitals, whatever was typed or pasted', () => {
    expect(formatIban('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('NL91-ABNA.0417 1643  00')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('NL91')).toBe('NL91');
    expect(formatIban('')).toBe('');
  });

  it('stops at the longest IBAN there is', () => {
    expect(compactIban('A'.repeat(40))).toHaveLength(34);
  });
});

describe('formatIbanInput', () => {
  it('keeps the caret after the characters typed before it', () => {
    // Typing "A" after "NL91" puts it in the second group, the caret behind it.
    expect(formatIbanInput('NL91A', 5)).toEqual({ value: 'NL91 A', caret: 6 });
    // A digit typed in the middle of the first group moves the rest along.
    expect(formatIbanInput('NL9X1 ABNA', 3 + 1)).toEqual({ value: 'NL9X 1ABN A', caret: 4 });
  });

  it('keeps the caret in place when a character is deleted mid-number', () => {
    // "NL91 ABNA 0417" with the "B" deleted: the caret stays after "A".
    expect(formatIbanInput('NL91 ANA 0417', 6)).toEqual({ value: 'NL91 ANA0 417', caret: 6 });
  });

  it('puts the caret at the end after typing at the end', () => {
    const typed = 'NL91 ABNA 0';
    expect(formatIbanInput(typed, typed.length)).toEqual({ value: 'NL91 ABNA 0', caret: 11 });
  });
});

describe('validateDirectDebit', () => {
  it('accepts a complete form with a valid IBAN and the terms accepted', () => {
    expect(validateDirectDebit(VALID)).toEqual({});
  });

  it('asks for every empty field and the terms', () => {
    const empty = {
      ...VALID,
      account_holder: ' ',
      iban: '',
      street: '',
      house_number: '',
      zip: '',
      city: '',
      phone: '',
      terms: false,
    };
    expect(validateDirectDebit(empty)).toEqual({
      account_holder: 'required',
      iban: 'required',
      street: 'required',
      house_number: 'required',
      zip: 'required',
      city: 'required',
      phone: 'required',
      terms: 'termsRequired',
    });
  });

  it('refuses an IBAN whose checksum is wrong, before sending it', () => {
    expect(validateDirectDebit({ ...VALID, iban: 'NL92 ABNA 0417 1643 00' })).toEqual({ iban: 'invalid' });
    expect(validateDirectDebit({ ...VALID, iban: 'DE89 3704 0044 0532 0130 00' })).toEqual({});
  });

  it('refuses a too short name or postcode and a phone that cannot receive a text', () => {
    expect(validateDirectDebit({ ...VALID, account_holder: 'S' })).toEqual({ account_holder: 'tooShort' });
    expect(validateDirectDebit({ ...VALID, zip: '1' })).toEqual({ zip: 'tooShort' });
    expect(validateDirectDebit({ ...VALID, phone: 'call me' })).toEqual({ phone: 'invalid' });
    expect(validateDirectDebit({ ...VALID, phone: '123' })).toEqual({ phone: 'invalid' });
    expect(validateDirectDebit({ ...VALID, phone: '1234567890123456' })).toEqual({ phone: 'invalid' });
    expect(validateDirectDebit({ ...VALID, phone: '+31 (6) 1234-5678' })).toEqual({});
    expect(validateDirectDebit({ ...VALID, phone: '06/12.34.56.78' })).toEqual({});
  });
});

describe('parseBundleParam', () => {
  it('reads a bundle id', () => {
    expect(parseBundleParam('3')).toBe(3);
    expect(parseBundleParam('120')).toBe(120);
  });

  it('has no bundle for anything else', () => {
    for (const value of [null, '', '0', '-1', '2.5', 'abc', '07']) expect(parseBundleParam(value)).toBeNull();
  });
});

describe('cleanOtp and isOtpComplete', () => {
  it('keeps the digits of the code, six at most', () => {
    expect(cleanOtp('12 34-56')).toBe('123456');
    expect(cleanOtp('1234567')).toBe('123456');
    expect(cleanOtp('abc')).toBe('');
  });

  it('is complete with six digits only', () => {
    expect(isOtpComplete('123456')).toBe(true);
    expect(isOtpComplete('12345')).toBe(false);
    expect(isOtpComplete('')).toBe(false);
  });
});

describe('directDebitFailure', () => {
  it('gives a blocked account and a reached limit their own message', () => {
    expect(directDebitFailure('directdebit_blocked')).toBe('blocked');
    expect(directDebitFailure('directdebit_limit')).toBe('limit');
  });

  it('shows validation failures at the fields and the rest above the form', () => {
    expect(directDebitFailure('validation_failed')).toBe('fields');
    expect(directDebitFailure('network_error')).toBe('general');
    expect(directDebitFailure(null)).toBe('general');
  });
});
