import { TIME_BONUS_DURATION_SECONDS, TIME_BONUS_MODAL_DELAY, type User } from '@app/shared';

/** What the time bonus reads of the logged-in member; null for a visitor (or after logout). */
export type TimeBonusMember = Pick<User, 'paid_user' | 'signup_date'> | null;

/**
 * Whole seconds left of the time bonus at `now` (spec section 4). Only a logged-in, non-paid
 * member whose signup is under TIME_BONUS_DURATION_SECONDS old has any; 0 means there is no
 * bonus: never started, run out, logged out or paid. A signup date ahead of the browser's clock
 * counts as just now, so a slow clock never shows more than the whole duration.
 */
export function timeBonusSecondsLeft(member: TimeBonusMember, now: number): number {
  if (!member || member.paid_user) return 0;
  const signup = Date.parse(member.signup_date);
  if (Number.isNaN(signup)) return 0;
  const left = Math.ceil((signup + TIME_BONUS_DURATION_SECONDS * 1000 - now) / 1000);
  return Math.min(Math.max(left, 0), TIME_BONUS_DURATION_SECONDS);
}

/** The countdown as the member reads it: hours, minutes and seconds. */
export interface Countdown {
  hours: number;
  minutes: number;
  seconds: number;
}

/** The time bonus of spec section 3: whether it shows, and its countdown while it does. */
export interface TimeBonus {
  isVisible: boolean;
  countdown: Countdown | null;
}

/** Splits whole seconds into hours, minutes and seconds (negative counts as 0). */
export function splitCountdown(totalSeconds: number): Countdown {
  const total = Math.max(0, Math.floor(totalSeconds));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** The countdown as a clock, h:mm:ss (e.g. 3:59:07), the same in every language. */
export function formatCountdown({ hours, minutes, seconds }: Countdown): string {
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/**
 * The time bonus at `now`: visible with its countdown while seconds are left, else cleared.
 * Login loads it (the member arrives), logout and becoming paid clear it, and it ends at zero.
 */
export function timeBonusAt(member: TimeBonusMember, now: number): TimeBonus {
  const left = timeBonusSecondsLeft(member, now);
  return left > 0 ? { isVisible: true, countdown: splitCountdown(left) } : { isVisible: false, countdown: null };
}

/**
 * Milliseconds until the time-bonus modal may open, for a member who entered the members area
 * at `enteredAt` (spec section 4: 40 s after entering it); 0 once that moment has passed.
 */
export function timeBonusModalDelay(enteredAt: number, now: number): number {
  return Math.max(0, enteredAt + TIME_BONUS_MODAL_DELAY - now);
}

/**
 * Whether the time-bonus modal opens (spec section 4): only for a logged-in member with 0
 * credits who has not dismissed it, while the bonus is visible.
 */
export function shouldOpenTimeBonusModal(input: {
  loggedIn: boolean;
  credits: number;
  dismissed: boolean;
  bonusVisible: boolean;
}): boolean {
  return input.loggedIn && input.credits === 0 && !input.dismissed && input.bonusVisible;
}
