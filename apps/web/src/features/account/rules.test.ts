import { POLL_INTERVAL, POLL_INTERVAL_WITH_PUSH } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { firstStepWithError, pollInterval, signupStepErrors, type SignupValues } from './rules';

describe('pollInterval', () => {
  it('never polls for visitors', () => {
    expect(pollInterval({ loggedIn: false, pushSubscribed: false, started: true })).toBe(false);
  });

  it('waits for the start delay', () => {
    expect(pollInterval({ loggedIn: true, pushSubscribed: false, started: false })).toBe(false);
  });

  it('polls every 60 s, or every 300 s with push', () => {
    expect(pollInterval({ loggedIn: true, pushSubscribed: false, started: true })).toBe(POLL_INTERVAL);
    expect(pollInterval({ loggedIn: true, pushSubscribed: true, started: true })).toBe(POLL_INTERVAL_WITH_PUSH);
  });
});

describe('signupStepErrors', () => {
  const options = { minAge: 18, passwordMinLength: 8, today: new Date(2026, 5, 15) };
  const values: SignupValues = {
    gender: 'female',
    seeking: 'men',
    day: '16',
    month: '6',
    year: '2008',
    name: 'Lotte',
    country: 'NL',
    email: 'lotte@example.com',
    password: 'geheim123',
    terms: true,
  };

  it('finds a birth date under the minimum age, to the day', () => {
    expect(signupStepErrors(1, values, options)).toEqual({ date_of_birth: 'tooYoung' });
    expect(signupStepErrors(1, { ...values, day: '15' }, options)).toEqual({});
  });

  it('tells a missing birth date from an impossible one', () => {
    expect(signupStepErrors(1, { ...values, day: '', month: '', year: '' }, options)).toEqual({
      date_of_birth: 'dateOfBirthRequired',
    });
    expect(signupStepErrors(1, { ...values, day: '31', month: '2' }, options)).toEqual({
      date_of_birth: 'dateOfBirthInvalid',
    });
  });

  it('keeps the profile name apart from the e-mail address and @', () => {
    expect(signupStepErrors(2, { ...values, name: '@lotte' }, options)).toEqual({ name: 'nameStartsWithAt' });
    expect(signupStepErrors(3, { ...values, name: 'Lotte@Example.com' }, options)).toEqual({
      email: 'nameEqualsEmail',
    });
  });
});

describe('firstStepWithError', () => {
  it("answers the earliest step of the server's fields", () => {
    expect(firstStepWithError({ password: 'x', name: 'y' })).toBe(2);
    expect(firstStepWithError({ unknown: 'x' })).toBeNull();
  });
});
