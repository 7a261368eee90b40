import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_TIME_ZONES } from '../constants.js';
import { ERROR_CODES } from './common.js';
import { LikeBodySchema, LikesQuerySchema, SwipeBodySchema } from './likes.js';

describe('LikesQuerySchema', () => {
  it('takes nothing (every first page) or a list with its cursor', () => {
    expect(LikesQuerySchema.parse({})).toEqual({});
    expect(LikesQuerySchema.parse({ list: 'received', before: '1773144000000000_42' })).toEqual({
      list: 'received',
      before: '1773144000000000_42',
    });
  });

  it('refuses a list without a cursor, a cursor without a list, and malformed cursors', () => {
    for (const query of [
      { list: 'given' },
      { before: '1_2' },
      { list: 'given', before: 'abc' },
      { list: 'given', before: '1_2_3' },
      { list: 'everything', before: '1_2' },
    ]) {
      expect(LikesQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});

describe('like and swipe bodies', () => {
  it('need a positive whole member id, and like or pass', () => {
    expect(LikeBodySchema.safeParse({ id: 3 }).success).toBe(true);
    for (const id of [0, -1, 1.5, '3', null]) expect(LikeBodySchema.safeParse({ id }).success).toBe(false);
    expect(SwipeBodySchema.parse({ id: 3, action: 'pass' })).toEqual({ id: 3, action: 'pass' });
    expect(SwipeBodySchema.safeParse({ id: 3, action: 'superlike' }).success).toBe(false);
  });
});

describe('likes constants and codes', () => {
  it('names a valid time zone for every served country', () => {
    for (const country of COUNTRIES) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: COUNTRY_TIME_ZONES[country] })).not.toThrow();
    }
  });

  it('has its error codes in the catalogue of codes', () => {
    expect(ERROR_CODES).toContain('cannot_like_self');
    expect(ERROR_CODES).toContain('swipe_limit_reached');
  });
});
