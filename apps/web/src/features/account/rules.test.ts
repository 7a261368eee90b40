import { describe, expect, it } from 'vitest';
import { firstStepWithError, signupStepErrors, type SignupValues } from './rules';

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
