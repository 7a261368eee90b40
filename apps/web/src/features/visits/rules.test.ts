import { describe, expect, it } from 'vitest';
import { BADGE_CAP } from '@app/shared';
import { BLURRED_CARDS_MAX, blurredCardCount, isCountCapped } from './rules';

describe('blurredCardCount', () => {
  it('shows one blurred card per visitor, up to a row', () => {
    expect(blurredCardCount(0)).toBe(0);
    expect(blurredCardCount(3)).toBe(3);
    expect(blurredCardCount(BADGE_CAP + 1)).toBe(BLURRED_CARDS_MAX);
  });
});

describe('isCountCapped', () => {
  it('is true only past the badge cap', () => {
    expect(isCountCapped(BADGE_CAP)).toBe(false);
    expect(isCountCapped(BADGE_CAP + 1)).toBe(true);
  });
});
