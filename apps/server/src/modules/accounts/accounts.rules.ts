import { createRequire } from 'node:module';
import type * as MailChecker from 'mailchecker';
import { ACCOUNT_REACTIVATION_DAYS, hasTrafficSource, isIsoDate, type Tracking } from '@app/shared';
import type { FieldProblem } from '../../errors.js';

// mailchecker is CommonJS with ES-style typings: required, so both the types and the runtime hold.
const mailchecker = createRequire(import.meta.url)('mailchecker') as typeof MailChecker;
/** The throw-away mail domains of mailchecker's maintained list, read once. */
const DISPOSABLE_DOMAINS = mailchecker.blacklist();

/**
 * The accounts module's rules as pure functions of their inputs (and the time), so they are
 * tested without a database.
 */

/** Failed logins within LOGIN_WINDOW_MS that lock the account. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** How long a locked account stays locked. */
export const LOGIN_LOCK_MS = 15 * 60_000;
/** Validity of the activation link. */
export const ACTIVATION_TOKEN_HOURS = 48;
/** Validity of the password-reset link. */
export const RESET_TOKEN_HOURS = 2;
/** Reset mails per member per (UTC) day. */
export const RESET_MAILS_PER_DAY = 3;
/** Oldest plausible age; a birth date further back is a typo. */
export const MAX_AGE = 120;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Whole years between a 'YYYY-MM-DD' birth date and `today` (UTC): the age on that day. */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/**
 * What is wrong with a birth date at signup, or null: a date that does not exist, lies in the
 * future or more than MAX_AGE years back is invalid; one younger than the site's min_age is
 * too young (the message names the age).
 */
export function birthDateProblem(value: string, minAge: number, today: Date): FieldProblem | null {
  if (value.trim() === '') return 'date_of_birth_required';
  if (!isIsoDate(value)) return 'date_of_birth_invalid';
  const age = ageOn(value, today);
  if (age < 0 || age > MAX_AGE || Date.parse(`${value}T00:00:00Z`) > today.getTime()) return 'date_of_birth_invalid';
  if (age < minAge) return { key: 'date_of_birth_too_young', params: { min_age: minAge } };
  return null;
}

/**
 * Who may sign up (spec section 6): everyone with 'all'; with 'with_trafficsource' only a
 * visitor who brings a stored traffic source; nobody otherwise.
 */
export function signupAllowed(policy: string, tracking: Tracking | null | undefined): boolean {
  if (policy === 'all') return true;
  return policy === 'with_trafficsource' && hasTrafficSource(tracking);
}

/**
 * A deleted account keeps its e-mail address while it can be reactivated (14 days); after
 * that the address is free for a new signup (the account is erased by the scheduled job).
 */
export function deletedAccountReactivatable(deletedAt: Date, now: Date): boolean {
  return now.getTime() - deletedAt.getTime() < ACCOUNT_REACTIVATION_DAYS * DAY_MS;
}

/** Per-account login throttle state (the login_attempts row). */
export interface LoginThrottle {
  failures: number;
  windowStart: Date;
  lockedUntil: Date | null;
}

/** Whole minutes, rounded up, that an account stays locked; 0 when it is not locked. */
export function lockMinutesLeft(throttle: Pick<LoginThrottle, 'lockedUntil'> | null, now: Date): number {
  if (!throttle?.lockedUntil) return 0;
  const ms = throttle.lockedUntil.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 60_000) : 0;
}

/**
 * The throttle after one more failed login: failures count within a 15-minute window that
 * starts at the first of them; the fifth locks the account for 15 minutes and starts counting
 * afresh.
 */
export function afterFailedLogin(previous: LoginThrottle | null, now: Date): LoginThrottle {
  const fresh = !previous || now.getTime() - previous.windowStart.getTime() >= LOGIN_WINDOW_MS;
  const failures = fresh ? 1 : previous.failures + 1;
  const windowStart = fresh ? now : previous.windowStart;
  if (failures >= LOGIN_MAX_FAILURES) {
    return { failures: 0, windowStart: now, lockedUntil: new Date(now.getTime() + LOGIN_LOCK_MS) };
  }
  return { failures, windowStart, lockedUntil: previous?.lockedUntil ?? null };
}

/** Start of the UTC day of `now`: reset mails are counted per day from there. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** When a token made at `now` stops working. */
export function tokenExpiry(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * HOUR_MS);
}

/**
 * Whether an address belongs to a throw-away mail service (mailchecker's list), a subdomain of
 * one included: such an account cannot be reached later, and spammers make them by the dozen.
 */
export function isDisposableEmail(email: string): boolean {
  let domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  while (domain !== '') {
    if (DISPOSABLE_DOMAINS.has(domain)) return true;
    const dot = domain.indexOf('.');
    domain = dot < 0 ? '' : domain.slice(dot + 1);
  }
  return false;
}
