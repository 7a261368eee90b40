import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from '@app/shared';
import { isPermutation, photoLimit, profileUpdateProblems, type ProfileRuleContext } from './profiles.rules.js';

const context: ProfileRuleContext = {
  email: 'sanne@example.test',
  minAge: 18,
  countries: ['NL', 'BE'],
  currentCountry: 'NL',
  regionCountry: null,
  knownInterestIds: new Set([1, 2, 3]),
  today: new Date('2026-06-01T12:00:00Z'),
};

describe('photoLimit', () => {
  it('gives free members 3 photos and premium members 25', () => {
    expect(photoLimit(false)).toBe(FREE_PHOTO_LIMIT);
    expect(photoLimit(true)).toBe(PREMIUM_PHOTO_LIMIT);
  });
});

describe('isPermutation', () => {
  it('holds for every reordering of the ids', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1 }), { maxLength: 30 }), fc.integer(), (ids, seed) => {
        const shuffled = [...ids].sort((a, b) => ((a * 31 + seed) % 7) - ((b * 31 + seed) % 7));
        expect(isPermutation(shuffled, ids)).toBe(true);
      }),
    );
  });

  it('fails for missing, extra, repeated or foreign ids', () => {
    expect(isPermutation([1, 2], [1, 2, 3])).toBe(false);
    expect(isPermutation([1, 2, 3, 4], [1, 2, 3])).toBe(false);
    expect(isPermutation([1, 1, 2], [1, 2, 3])).toBe(false);
    expect(isPermutation([1, 2, 9], [1, 2, 3])).toBe(false);
    expect(isPermutation([], [])).toBe(true);
  });
});

describe('profileUpdateProblems', () => {
  it('finds nothing wrong with an empty update or good values', () => {
    expect(profileUpdateProblems({}, context)).toEqual({});
    expect(
      profileUpdateProblems(
        { name: 'Sanne', birth_date: '2000-01-01', country: 'BE', region_id: 5, interests: [1, 3] },
        { ...context, regionCountry: 'BE' },
      ),
    ).toEqual({});
  });

  it('applies the signup name rules', () => {
    expect(profileUpdateProblems({ name: '@sanne' }, context)).toEqual({ name: 'name_starts_with_at' });
    expect(profileUpdateProblems({ name: ' Sanne@Example.test ' }, context)).toEqual({ name: 'name_equals_email' });
  });

  it('checks the birth date against the minimum age on the day', () => {
    expect(profileUpdateProblems({ birth_date: '2008-06-01' }, context)).toEqual({});
    expect(profileUpdateProblems({ birth_date: '2008-06-02' }, context)).toEqual({
      birth_date: { key: 'date_of_birth_too_young', params: { min_age: 18 } },
    });
    expect(profileUpdateProblems({ birth_date: '2027-01-01' }, context)).toEqual({
      birth_date: 'date_of_birth_invalid',
    });
  });

  it('wants a served country and a region of the resulting country', () => {
    expect(profileUpdateProblems({ country: 'DE' }, context)).toEqual({ country: 'country_not_served' });
    expect(profileUpdateProblems({ region_id: 7 }, { ...context, regionCountry: 'BE' })).toEqual({
      region_id: 'region_not_in_country',
    });
    expect(profileUpdateProblems({ region_id: 7 }, { ...context, regionCountry: 'NL' })).toEqual({});
    expect(profileUpdateProblems({ region_id: 7 }, context)).toEqual({ region_id: 'region_not_in_country' });
    expect(profileUpdateProblems({ region_id: null, country: 'BE' }, context)).toEqual({});
  });

  it('wants interests that exist', () => {
    expect(profileUpdateProblems({ interests: [1, 4] }, context)).toEqual({ interests: 'interest_unknown' });
    expect(profileUpdateProblems({ interests: [] }, context)).toEqual({});
  });
});
