import { describe, expect, it } from 'vitest';
import { FREE_VIEWER_PHOTOS } from '@app/shared';
import { ageOn } from '../accounts/accounts.rules.js';
import { birthDateRange, soughtGenders, visiblePhotoCount, visitorMayView } from './members.rules.js';

describe('soughtGenders', () => {
  it('follows gender and sexuality', () => {
    expect(soughtGenders('female', 'hetero')).toEqual(['male']);
    expect(soughtGenders('male', 'hetero')).toEqual(['female']);
    expect(soughtGenders('male', 'gay')).toEqual(['male']);
    expect(soughtGenders('female', 'lesbian')).toEqual(['female']);
    expect(soughtGenders('male', 'bi')).toEqual(['female', 'male']);
  });
});

describe('visitorMayView', () => {
  it('follows the logged-out search settings and the traffic source', () => {
    const open = { logged_out_search: true, logged_out_search_trafficsource: false };
    const tracked = { logged_out_search: false, logged_out_search_trafficsource: true };
    const closed = { logged_out_search: false, logged_out_search_trafficsource: false };
    expect(visitorMayView(open, {})).toBe(true);
    expect(visitorMayView(tracked, {})).toBe(false);
    expect(visitorMayView(tracked, { ref: '  ' })).toBe(false);
    expect(visitorMayView(tracked, { sub2: 'x' })).toBe(true);
    expect(visitorMayView(closed, { network: 'ads' })).toBe(false);
  });
});

describe('visiblePhotoCount', () => {
  it('limits free viewers only', () => {
    expect(visiblePhotoCount(5, { paid: false, self: false })).toBe(FREE_VIEWER_PHOTOS);
    expect(visiblePhotoCount(1, { paid: false, self: false })).toBe(1);
    expect(visiblePhotoCount(5, { paid: true, self: false })).toBe(5);
    expect(visiblePhotoCount(5, { paid: false, self: true })).toBe(5);
  });
});

describe('birthDateRange', () => {
  it('holds exactly the birth dates of the ages asked for', () => {
    for (const today of [
      new Date('2026-03-01T08:00:00Z'),
      new Date('2024-02-29T08:00:00Z'),
      new Date('2026-12-31T23:00:00Z'),
    ]) {
      const { from, to } = birthDateRange(30, 40, today);
      expect(ageOn(from, today)).toBe(40);
      expect(ageOn(to, today)).toBe(30);
      const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const dayAfter = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(ageOn(dayBefore, today)).toBe(41);
      expect(ageOn(dayAfter, today)).toBe(29);
    }
  });
});
