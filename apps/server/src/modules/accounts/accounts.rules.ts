import { createRequire } from 'node:module';
import { isIP } from 'node:net';
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

/** Login attempts a window allows before a lock, and how long the lock lasts. */
export interface LoginLimit {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Per account and client address, the spec's lock: the fifth failure within 15 minutes locks
 * the account for 15 minutes, for that address only, so a stranger who knows the e-mail address
 * cannot keep its owner out.
 */
export const ADDRESS_LOGIN_LIMIT: LoginLimit = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
/**
 * Per account over every address: a slower limit against guessing from many addresses. It
 * locks the owner out too, except on a device they logged in with before (login-device.ts).
 */
export const ACCOUNT_LOGIN_LIMIT: LoginLimit = { maxFailures: 50, windowMs: 60 * 60_000, lockMs: 60 * 60_000 };
/** The address under which login_attempts keeps the account-wide count. */
export const EVERY_ADDRESS = '*';
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

/** Login throttle state of an account and address (a login_attempts row). */
export interface LoginThrottle {
  failures: number;
  windowStart: Date;
  lockedUntil: Date | null;
}

/** Whole minutes, rounded up, that an account stays locked; 0 when it is not locked. */
export function lockMinutesLeft(throttle: Pick<LoginThrottle, 'lockedUntil'> | null | undefined, now: Date): number {
  if (!throttle?.lockedUntil) return 0;
  const ms = throttle.lockedUntil.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 60_000) : 0;
}

/**
 * The throttle after one more attempt, counted as failed until the password proves right:
 * attempts count within a window that starts at the first of them; the one that reaches the
 * limit locks and starts counting afresh.
 */
export function afterLoginAttempt(
  previous: LoginThrottle | null | undefined,
  now: Date,
  limit: LoginLimit,
): LoginThrottle {
  const fresh = !previous || now.getTime() - previous.windowStart.getTime() >= limit.windowMs;
  const failures = fresh ? 1 : previous.failures + 1;
  const windowStart = fresh ? now : previous.windowStart;
  if (failures >= limit.maxFailures) {
    return { failures: 0, windowStart: now, lockedUntil: new Date(now.getTime() + limit.lockMs) };
  }
  return { failures, windowStart, lockedUntil: previous?.lockedUntil ?? null };
}

/**
 * The address login failures are counted under: an IPv4 address as it is (also when written
 * IPv4-mapped), an IPv6 address by its /64, since one subscriber usually holds a whole /64 and
 * could otherwise try from a new address each time.
 */
export function loginAddressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (isIP(bare) !== 6) return bare;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
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
