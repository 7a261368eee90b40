import { PROFILE_NAME_MAX_LENGTH, type Country, type Gender, type Seeking } from '@app/shared';

/** The signup form's values while it is filled in; birth date parts are '' until chosen. */
export interface SignupValues {
  gender: Gender | null;
  seeking: Seeking | null;
  day: string;
  month: string;
  year: string;
  name: string;
  /** A country of settings.countries, or '' while none is chosen. */
  country: Country | '';
  email: string;
  password: string;
  terms: boolean;
}

/** The steps 0 to 4 and the fields each asks. */
export const SIGNUP_STEP_FIELDS = [
  ['gender', 'sexuality'],
  ['date_of_birth'],
  ['name', 'country'],
  ['email', 'password'],
  ['terms', 'signup_message'],
] as const;

export const SIGNUP_LAST_STEP = SIGNUP_STEP_FIELDS.length - 1;

/** The step that asks a field of the API's `fields`, so its message shows where it can be fixed. */
export function stepOfField(field: string): number | null {
  const index = SIGNUP_STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
  return index === -1 ? null : index;
}

/** The earliest step with one of the given fields, or null. */
export function firstStepWithError(fields: Record<string, string>): number | null {
  const steps = Object.keys(fields)
    .map(stepOfField)
    .filter((step): step is number => step !== null);
  return steps.length > 0 ? Math.min(...steps) : null;
}

/** 'YYYY-MM-DD' of the chosen parts when they make a real calendar date, else null. */
export function birthDate(day: string, month: string, year: string): string | null {
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  if (!Number.isInteger(d) || !Number.isInteger(m) || !Number.isInteger(y) || y < 1900) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Full years between a 'YYYY-MM-DD' birth date and today. */
export function ageOn(date: string, today: Date): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age;
}

/** A plausible e-mail address: the server decides, this only catches typos at once. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Catalogue keys (under `auth.errors.`) of a step's invalid fields, keyed by the contract's
 * field names. Mirrors the server's rules for instant feedback; the server still decides.
 */
export function signupStepErrors(
  step: number,
  values: SignupValues,
  { minAge, passwordMinLength, today }: { minAge: number; passwordMinLength: number; today: Date },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (step === 0) {
    if (!values.gender) errors.gender = 'genderRequired';
    if (!values.seeking) errors.sexuality = 'seekingRequired';
  } else if (step === 1) {
    if (!values.day && !values.month && !values.year) errors.date_of_birth = 'dateOfBirthRequired';
    else {
      const date = birthDate(values.day, values.month, values.year);
      if (!date) errors.date_of_birth = 'dateOfBirthInvalid';
      else if (ageOn(date, today) < minAge) errors.date_of_birth = 'tooYoung';
    }
  } else if (step === 2) {
    const name = values.name.trim();
    if (!name) errors.name = 'nameRequired';
    else if (name.startsWith('@')) errors.name = 'nameStartsWithAt';
    else if (name.length > PROFILE_NAME_MAX_LENGTH) errors.name = 'nameTooLong';
    if (!values.country) errors.country = 'countryRequired';
  } else if (step === 3) {
    const email = values.email.trim();
    if (!email) errors.email = 'emailRequired';
    else if (!EMAIL_PATTERN.test(email)) errors.email = 'emailInvalid';
    else if (email.toLowerCase() === values.name.trim().toLowerCase()) errors.email = 'nameEqualsEmail';
    if (values.password.length < passwordMinLength) errors.password = 'passwordTooShort';
  } else if (step === 4) {
    if (!values.terms) errors.terms = 'termsRequired';
  }
  return errors;
}

/** While signup is in progress (past step 0, or a request running) the modal cannot be dismissed. */
export function signupInProgress(step: number, pending: boolean): boolean {
  return step > 0 || pending;
}
