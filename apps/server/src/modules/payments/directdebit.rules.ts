import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DIRECT_DEBIT_OTP_LENGTH, isValidIban, type DirectDebitBody } from '@app/shared';
import type { FieldProblem } from '../../errors.js';

/** The window DIRECT_DEBIT_MONTHLY_LIMIT counts completed direct-debit orders in. */
export const LIMIT_WINDOW_DAYS = 30;

/** An IBAN as stored: no spaces, upper case. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/**
 * A phone number as stored and texted: spaces, dashes, dots, slashes and brackets dropped. Null
 * unless what is left is 6 to 15 digits, optionally after a +.
 */
export function normalizePhone(phone: string): string | null {
  const cleaned = phone.replace(/[\s\-./()]/g, '');
  return /^\+?\d{6,15}$/.test(cleaned) ? cleaned : null;
}

/** What the form says the code went to: the number's last two digits only. */
export function phoneHint(phone: string): string {
  return `••• ••• ${phone.slice(-2)}`;
}

/** The per-field problems of the form beyond its schema: terms, the IBAN checksum, the phone. */
export function formProblems(body: Pick<DirectDebitBody, 'terms' | 'iban' | 'phone'>): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  if (!body.terms) problems.terms = 'terms_required';
  if (!isValidIban(body.iban)) problems.iban = 'iban_invalid';
  if (normalizePhone(body.phone) === null) problems.phone = 'field_invalid';
  return problems;
}

/** A random code of DIRECT_DEBIT_OTP_LENGTH digits, leading zeros kept. */
export function newOtp(): string {
  return String(randomInt(0, 10 ** DIRECT_DEBIT_OTP_LENGTH)).padStart(DIRECT_DEBIT_OTP_LENGTH, '0');
}

/** What is stored of a code: its hash, salted with the order so equal codes differ. */
export function otpHash(orderId: number, otp: string): string {
  return createHash('sha256').update(`${orderId}:${otp}`).digest('hex');
}

/** Whether `otp` is the order's code, compared in constant time. */
export function otpMatches(storedHash: string, orderId: number, otp: string): boolean {
  return timingSafeEqual(Buffer.from(storedHash, 'hex'), Buffer.from(otpHash(orderId, otp), 'hex'));
}

/** Where the monthly limit starts counting at `now`. */
export function limitWindowStart(now: Date): Date {
  return new Date(now.getTime() - LIMIT_WINDOW_DAYS * 86_400_000);
}
