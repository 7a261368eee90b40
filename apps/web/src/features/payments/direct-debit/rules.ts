import { DIRECT_DEBIT_OTP_LENGTH, isValidIban } from '@app/shared';
import type { DirectDebitBody } from './api/contract';

/** The direct-debit form's fields as typed (spec section 3), before they are sent. */
export type DirectDebitForm = Omit<DirectDebitBody, 'bundle_id' | 'code'>;

/** The fields of the form, in the order it shows them. */
export const DIRECT_DEBIT_FIELDS = [
  'account_holder',
  'iban',
  'street',
  'house_number',
  'zip',
  'city',
  'phone',
] as const;
export type DirectDebitField = (typeof DIRECT_DEBIT_FIELDS)[number] | 'terms';

/** What is wrong with a field, as a text key: missing, too short, or not valid. */
export type FieldProblem = 'required' | 'tooShort' | 'invalid' | 'termsRequired';

/** The longest IBAN (ISO 13616): 34 characters, without the spaces. */
const IBAN_MAX_LENGTH = 34;

/** An IBAN's letters and digits only, upper case, at most 34 of them. */
export function compactIban(input: string): string {
  return input
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase()
    .slice(0, IBAN_MAX_LENGTH);
}

/** An IBAN as it is printed: groups of four (NL91 ABNA 0417 1643 00). */
export function formatIban(input: string): string {
  return compactIban(input).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Formats what was typed into the IBAN field and says where the caret belongs afterwards: after
 * the same number of letters and digits as before it, so typing or deleting in the middle of
 * the number does not throw the caret to the end.
 */
export function formatIbanInput(value: string, caret: number): { value: string; caret: number } {
  const formatted = formatIban(value);
  const before = compactIban(value.slice(0, caret)).length;
  let position = 0;
  for (let seen = 0; position < formatted.length && seen < before; position++) {
    if (formatted[position] !== ' ') seen++;
  }
  return { value: formatted, caret: position };
}

/** A phone number without the spaces, dashes, dots, slashes and brackets people write in it. */
function compactPhone(phone: string): string {
  return phone.replace(/[\s\-./()]/g, '');
}

/**
 * The form's problems per field, checked in the browser before anything is sent (the server
 * checks the same again): every field filled in, the IBAN's checksum (isValidIban), a phone
 * number of 6 to 15 digits (after an optional +), and the terms accepted.
 */
export function validateDirectDebit(form: DirectDebitForm): Partial<Record<DirectDebitField, FieldProblem>> {
  const problems: Partial<Record<DirectDebitField, FieldProblem>> = {};
  for (const field of DIRECT_DEBIT_FIELDS) {
    if (!form[field].trim()) problems[field] = 'required';
  }
  if (!problems.account_holder && form.account_holder.trim().length < 2) problems.account_holder = 'tooShort';
  if (!problems.zip && form.zip.trim().length < 2) problems.zip = 'tooShort';
  if (!problems.iban && !isValidIban(form.iban)) problems.iban = 'invalid';
  if (!problems.phone && !/^\+?\d{6,15}$/.test(compactPhone(form.phone))) problems.phone = 'invalid';
  if (!form.terms) problems.terms = 'termsRequired';
  return problems;
}

/** The bundle of /directdebit?bundle=<id>: a whole positive number, else null. */
export function parseBundleParam(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}

/** The SMS code as typed: its digits only, no more than a code has. */
export function cleanOtp(input: string): string {
  return input.replace(/\D/g, '').slice(0, DIRECT_DEBIT_OTP_LENGTH);
}

/** Whether the SMS code has all its digits. */
export function isOtpComplete(otp: string): boolean {
  return new RegExp(`^\\d{${DIRECT_DEBIT_OTP_LENGTH}}$`).test(otp);
}

/**
 * How the page answers a failed call (spec section 8): a blocked account or a reached limit
 * replace the form with their own message and a way to pay otherwise; a validation failure
 * shows at the fields; anything else above the form.
 */
export function directDebitFailure(errorCode: string | null): 'blocked' | 'limit' | 'fields' | 'general' {
  if (errorCode === 'directdebit_blocked') return 'blocked';
  if (errorCode === 'directdebit_limit') return 'limit';
  if (errorCode === 'validation_failed') return 'fields';
  return 'general';
}
