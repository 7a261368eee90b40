import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, localDay, timeZoneOf } from './likes.rules.js';

describe('localDay', () => {
  it("is the member's calendar day in their country's time zone", () => {
    const at = new Date('2026-03-10T23:30:00Z');
    expect(localDay(at, 'NL')).toBe('2026-03-11');
    expect(localDay(at, 'GB')).toBe('2026-03-10');
    expect(localDay(at, 'US')).toBe('2026-03-10');
    expect(localDay(at, 'NZ')).toBe('2026-03-11');
  });

  it('follows daylight saving time', () => {
    // Amsterdam is UTC+2 in summer: 22:30 UTC is already the next day.
    expect(localDay(new Date('2026-07-01T22:30:00Z'), 'NL')).toBe('2026-07-02');
    // In winter UTC+1: 22:30 UTC is still the same day.
    expect(localDay(new Date('2026-01-01T22:30:00Z'), 'NL')).toBe('2026-01-01');
  });

  it("counts a country we do not serve in the site's home zone", () => {
    expect(timeZoneOf('XX')).toBe('Europe/Amsterdam');
    expect(localDay(new Date('2026-03-10T23:30:00Z'), 'XX')).toBe('2026-03-11');
  });
});

describe('likes cursor', () => {
  it('round-trips the position', () => {
    const cursor = { micros: '1773144000123456', id: 42 };
    expect(encodeCursor(cursor)).toBe('1773144000123456_42');
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });
});
