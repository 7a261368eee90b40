import { TIME_BONUS_DURATION_SECONDS, TIME_BONUS_MODAL_DELAY } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  shouldOpenTimeBonusModal,
  splitCountdown,
  timeBonusAt,
  timeBonusModalDelay,
  timeBonusSecondsLeft,
} from './rules';

const SIGNUP = '2026-03-01T10:00:00.000Z';
const signedUp = Date.parse(SIGNUP);
const member = { paid_user: false, signup_date: SIGNUP };
/** `seconds` after the signup. */
const after = (seconds: number) => signedUp + seconds * 1000;

describe('timeBonusSecondsLeft', () => {
  it('starts for a logged-in, non-paid member right after signup with the whole 14400 s', () => {
    expect(TIME_BONUS_DURATION_SECONDS).toBe(14_400);
    expect(timeBonusSecondsLeft(member, after(0))).toBe(14_400);
    expect(timeBonusSecondsLeft(member, after(1))).toBe(14_399);
  });

  it('counts down as the signup ages, a started second counting as left', () => {
    expect(timeBonusSecondsLeft(member, after(3600))).toBe(10_800);
    expect(timeBonusSecondsLeft(member, after(14_399))).toBe(1);
    expect(timeBonusSecondsLeft(member, after(14_399.5))).toBe(1);
  });

  it('ends at zero once the signup is 14400 s old, and stays ended', () => {
    expect(timeBonusSecondsLeft(member, after(14_400))).toBe(0);
    expect(timeBonusSecondsLeft(member, after(20_000))).toBe(0);
    expect(timeBonusSecondsLeft(member, after(86_400 * 30))).toBe(0);
  });

  it('never starts for a visitor, and clears on logout (the member becomes null)', () => {
    expect(timeBonusSecondsLeft(null, after(10))).toBe(0);
  });

  it('never runs for a paid member, and clears when the member becomes paid', () => {
    expect(timeBonusSecondsLeft({ ...member, paid_user: true }, after(0))).toBe(0);
    expect(timeBonusSecondsLeft({ ...member, paid_user: true }, after(60))).toBe(0);
  });

  it('never shows more than the whole duration when the browser clock is behind the server', () => {
    expect(timeBonusSecondsLeft(member, after(-120))).toBe(14_400);
  });

  it('shows nothing for a signup date it cannot read', () => {
    expect(timeBonusSecondsLeft({ paid_user: false, signup_date: 'not a date' }, after(0))).toBe(0);
  });
});

describe('splitCountdown', () => {
  it('splits seconds into hours, minutes and seconds', () => {
    expect(splitCountdown(14_400)).toEqual({ hours: 4, minutes: 0, seconds: 0 });
    expect(splitCountdown(14_399)).toEqual({ hours: 3, minutes: 59, seconds: 59 });
    expect(splitCountdown(3_727)).toEqual({ hours: 1, minutes: 2, seconds: 7 });
    expect(splitCountdown(59)).toEqual({ hours: 0, minutes: 0, seconds: 59 });
  });

  it('counts nothing below zero', () => {
    expect(splitCountdown(-5)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('formatCountdown', () => {
  it('reads as a clock with two-digit minutes and seconds', () => {
    expect(formatCountdown({ hours: 3, minutes: 59, seconds: 7 })).toBe('3:59:07');
    expect(formatCountdown({ hours: 0, minutes: 0, seconds: 0 })).toBe('0:00:00');
    expect(formatCountdown({ hours: 4, minutes: 10, seconds: 30 })).toBe('4:10:30');
  });
});

describe('timeBonusAt', () => {
  it('is visible with its countdown while it runs, one second less each second', () => {
    expect(timeBonusAt(member, after(1))).toEqual({
      isVisible: true,
      countdown: { hours: 3, minutes: 59, seconds: 59 },
    });
    expect(timeBonusAt(member, after(2))).toEqual({
      isVisible: true,
      countdown: { hours: 3, minutes: 59, seconds: 58 },
    });
  });

  it('is cleared at zero, for a visitor (logged out) and for a paid member', () => {
    const cleared = { isVisible: false, countdown: null };
    expect(timeBonusAt(member, after(14_400))).toEqual(cleared);
    expect(timeBonusAt(null, after(1))).toEqual(cleared);
    expect(timeBonusAt({ ...member, paid_user: true }, after(1))).toEqual(cleared);
  });

  it('loads on login: the member who arrives gets the bonus their signup date leaves', () => {
    expect(timeBonusAt(null, after(600)).isVisible).toBe(false);
    expect(timeBonusAt(member, after(600))).toEqual({
      isVisible: true,
      countdown: { hours: 3, minutes: 50, seconds: 0 },
    });
  });
});

describe('timeBonusModalDelay', () => {
  it('waits 40 s from entering the members area', () => {
    expect(TIME_BONUS_MODAL_DELAY).toBe(40_000);
    expect(timeBonusModalDelay(1_000, 1_000)).toBe(40_000);
    expect(timeBonusModalDelay(1_000, 31_000)).toBe(10_000);
  });

  it('is due at once when the 40 s have passed', () => {
    expect(timeBonusModalDelay(1_000, 41_000)).toBe(0);
    expect(timeBonusModalDelay(1_000, 90_000)).toBe(0);
  });
});

describe('shouldOpenTimeBonusModal', () => {
  const open = { loggedIn: true, credits: 0, dismissed: false, bonusVisible: true };

  it('opens for a logged-in member with 0 credits, not dismissed, while the bonus shows', () => {
    expect(shouldOpenTimeBonusModal(open)).toBe(true);
  });

  it('stays shut for a visitor', () => {
    expect(shouldOpenTimeBonusModal({ ...open, loggedIn: false })).toBe(false);
  });

  it('stays shut while the member has credits', () => {
    expect(shouldOpenTimeBonusModal({ ...open, credits: 1 })).toBe(false);
    expect(shouldOpenTimeBonusModal({ ...open, credits: 20 })).toBe(false);
  });

  it('stays shut once dismissed', () => {
    expect(shouldOpenTimeBonusModal({ ...open, dismissed: true })).toBe(false);
  });

  it('stays shut when the bonus is not visible', () => {
    expect(shouldOpenTimeBonusModal({ ...open, bonusVisible: false })).toBe(false);
  });
});
