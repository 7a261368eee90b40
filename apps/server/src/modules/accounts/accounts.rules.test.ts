import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameEqualsEmail, startsWithAt } from '@app/shared';
import {
  ACCOUNT_LOGIN_LIMIT,
  ADDRESS_LOGIN_LIMIT,
  afterLoginAttempt,
  loginAddressKey,
  ageOn,
  birthDateProblem,
  deletedAccountReactivatable,
  isDisposableEmail,
  lockMinutesLeft,
  signupAllowed,
  startOfUtcDay,
  type LoginThrottle,
} from './accounts.rules.js';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const isoOf = (d: Date) => d.toISOString().slice(0, 10);

describe('ageOn', () => {
  it('counts a birthday on the day itself, not the day before', () => {
    expect(ageOn('2000-06-15', day('2018-06-15'))).toBe(18);
    expect(ageOn('2000-06-15', day('2018-06-14'))).toBe(17);
  });

  it('treats 29 February as passed on 1 March in common years', () => {
    expect(ageOn('2000-02-29', day('2018-02-28'))).toBe(17);
    expect(ageOn('2000-02-29', day('2018-03-01'))).toBe(18);
  });

  it('never decreases as time goes on and grows by one a year', () => {
    const dates = fc.date({ min: new Date('1920-01-01'), max: new Date('2020-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 36_500 }), fc.integer({ min: 0, max: 800 }), (birth, d1, extra) => {
        const iso = isoOf(birth);
        const a = new Date(birth.getTime() + d1 * 86_400_000);
        const b = new Date(a.getTime() + extra * 86_400_000);
        expect(ageOn(iso, b)).toBeGreaterThanOrEqual(ageOn(iso, a));
        const nextYear = new Date(Date.UTC(a.getUTCFullYear() + 1, a.getUTCMonth(), a.getUTCDate(), 12));
        if (!(a.getUTCMonth() === 1 && a.getUTCDate() === 29)) expect(ageOn(iso, nextYear)).toBe(ageOn(iso, a) + 1);
      }),
    );
  });
});

describe('birthDateProblem', () => {
  const today = day('2026-11-22');

  it('asks for a missing date and refuses impossible ones', () => {
    expect(birthDateProblem('', 18, today)).toBe('date_of_birth_required');
    for (const bad of ['22-11-1990', '1990-02-30', '1990-13-01', 'gisteren', '1899-01-01', '2030-01-01']) {
      expect(birthDateProblem(bad, 18, today), bad).toBe('date_of_birth_invalid');
    }
  });

  it('refuses anyone under the minimum age, naming it', () => {
    expect(birthDateProblem('2008-11-23', 18, today)).toEqual({
      key: 'date_of_birth_too_young',
      params: { min_age: 18 },
    });
    expect(birthDateProblem('2008-11-22', 18, today)).toBeNull();
    expect(birthDateProblem('2006-01-01', 21, today)).toEqual({
      key: 'date_of_birth_too_young',
      params: { min_age: 21 },
    });
  });

  it('accepts exactly those valid dates at least min_age years back', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1910-01-01'), max: new Date('2026-11-22'), noInvalidDate: true }),
        fc.integer({ min: 18, max: 30 }),
        (birth, minAge) => {
          const iso = isoOf(birth);
          const problem = birthDateProblem(iso, minAge, today);
          expect(problem === null).toBe(ageOn(iso, today) >= minAge && ageOn(iso, today) <= 120);
        },
      ),
    );
  });
});

describe('signupAllowed', () => {
  it("lets everyone in with 'all'", () => {
    expect(signupAllowed('all', undefined)).toBe(true);
  });

  it("needs a traffic source with 'with_trafficsource'", () => {
    expect(signupAllowed('with_trafficsource', undefined)).toBe(false);
    expect(signupAllowed('with_trafficsource', {})).toBe(false);
    expect(signupAllowed('with_trafficsource', { network: '  ' })).toBe(false);
    expect(signupAllowed('with_trafficsource', { sub2: 'x' })).toBe(true);
  });

  it('lets nobody in with any other policy', () => {
    expect(signupAllowed('none', { network: 'n' })).toBe(false);
  });
});

describe('profile name rules', () => {
  it('refuse a name equal to the e-mail address, whatever the case', () => {
    expect(nameEqualsEmail(' Jan@Example.nl ', 'jan@example.nl')).toBe(true);
    expect(nameEqualsEmail('Jan', 'jan@example.nl')).toBe(false);
    fc.assert(fc.property(fc.emailAddress(), (email) => nameEqualsEmail(email.toUpperCase(), email)));
  });

  it('refuse a name that starts with @', () => {
    expect(startsWithAt('@jan')).toBe(true);
    expect(startsWithAt(' @jan')).toBe(true);
    expect(startsWithAt('jan@')).toBe(false);
  });
});

describe('deletedAccountReactivatable', () => {
  it('holds for 14 days after deletion', () => {
    const deleted = new Date('2026-11-01T10:00:00Z');
    expect(deletedAccountReactivatable(deleted, new Date('2026-11-15T09:59:59Z'))).toBe(true);
    expect(deletedAccountReactivatable(deleted, new Date('2026-11-15T10:00:00Z'))).toBe(false);
  });
});

describe('login throttle', () => {
  const { maxFailures: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS, lockMs: LOGIN_LOCK_MS } = ADDRESS_LOGIN_LIMIT;
  const afterFailedLogin = (previous: LoginThrottle | null, now: Date) =>
    afterLoginAttempt(previous, now, ADDRESS_LOGIN_LIMIT);
  const start = new Date('2026-11-22T10:00:00Z');
  const at = (ms: number) => new Date(start.getTime() + ms);

  it('locks the account for 15 minutes at the fifth failure within 15 minutes', () => {
    let state: LoginThrottle | null = null;
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
      state = afterFailedLogin(state, at(i * 60_000));
      expect(lockMinutesLeft(state, at(i * 60_000))).toBe(0);
    }
    const now = at(10 * 60_000);
    state = afterFailedLogin(state, now);
    expect(state.lockedUntil).toEqual(new Date(now.getTime() + LOGIN_LOCK_MS));
    expect(lockMinutesLeft(state, now)).toBe(15);
    expect(lockMinutesLeft(state, new Date(now.getTime() + 60_001))).toBe(14);
    expect(lockMinutesLeft(state, new Date(now.getTime() + LOGIN_LOCK_MS))).toBe(0);
  });

  it('starts counting afresh once the window has passed', () => {
    let state: LoginThrottle | null = null;
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) state = afterFailedLogin(state, at(i));
    state = afterFailedLogin(state, at(LOGIN_WINDOW_MS));
    expect(state).toEqual({ failures: 1, windowStart: at(LOGIN_WINDOW_MS), lockedUntil: null });
  });

  it('locks over all addresses only at the 50th attempt within an hour, for an hour', () => {
    let state: LoginThrottle | null = null;
    for (let i = 0; i < 49; i++) state = afterLoginAttempt(state, at(i * 60_000), ACCOUNT_LOGIN_LIMIT);
    expect(lockMinutesLeft(state, at(49 * 60_000))).toBe(0);
    const last = afterLoginAttempt(state, at(59 * 60_000), ACCOUNT_LOGIN_LIMIT);
    expect(lockMinutesLeft(last, at(59 * 60_000))).toBe(60);
  });

  it('never locks for fewer than five failures in any sequence', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60 * 60_000 }), { maxLength: 30 }), (gaps) => {
        let state: LoginThrottle | null = null;
        let now = start.getTime();
        const times: number[] = [];
        for (const gap of gaps) {
          now += gap;
          state = afterFailedLogin(state, new Date(now));
          times.push(now);
          // A fresh lock is the only state with no failures counted; an earlier lock carried
          // over at the same instant has the same end, so the end alone cannot tell them apart.
          if (state.failures === 0 && state.lockedUntil?.getTime() === now + LOGIN_LOCK_MS) {
            const recent = times.filter((t) => now - t < LOGIN_WINDOW_MS);
            expect(recent.length).toBeGreaterThanOrEqual(LOGIN_MAX_FAILURES);
            times.length = 0;
          }
        }
      }),
    );
  });
});

describe('loginAddressKey', () => {
  it('keeps an IPv4 address, also one written IPv4-mapped', () => {
    expect(loginAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(loginAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:aa:1::/64';
    expect(loginAddressKey('2001:db8:aa:1::1')).toBe(key);
    expect(loginAddressKey('2001:0DB8:00aa:0001:ffff:1:2:3')).toBe(key);
    expect(loginAddressKey('2001:db8:aa:1:0:0:0:9%eth0')).toBe(key);
    expect(loginAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(loginAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(loginAddressKey('2001:db8:aa:2::1')).not.toBe(key);
  });
});

describe('startOfUtcDay', () => {
  it('is midnight UTC of the same day', () => {
    expect(startOfUtcDay(new Date('2026-11-22T23:59:59Z'))).toEqual(new Date('2026-11-22T00:00:00Z'));
  });
});

describe('isDisposableEmail', () => {
  it('knows throw-away services and their subdomains, in any case', () => {
    expect(isDisposableEmail('jan@mailinator.com')).toBe(true);
    expect(isDisposableEmail('jan@Mailinator.COM')).toBe(true);
    expect(isDisposableEmail('jan@box.mailinator.com')).toBe(true);
  });
  it('lets ordinary mail providers through', () => {
    for (const email of ['jan@gmail.com', 'jan@hotmail.com', 'jan@ziggo.nl', 'jan@example.test']) {
      expect(isDisposableEmail(email)).toBe(false);
    }
  });
});
