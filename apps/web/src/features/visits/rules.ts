import { BADGE_CAP } from '@app/shared';

/** Blurred cards a free member sees at most: enough to tease a full row on any screen. */
export const BLURRED_CARDS_MAX = 8;

/** How many blurred placeholder cards stand for a free member's visitors. */
export function blurredCardCount(total: number): number {
  return Math.max(0, Math.min(total, BLURRED_CARDS_MAX));
}

/** The server counts visitors up to BADGE_CAP + 1: past the cap the page says "more than 99". */
export function isCountCapped(total: number): boolean {
  return total > BADGE_CAP;
}
