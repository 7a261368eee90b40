import { SEARCH_FIELDS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  ageRangeError,
  appliedFilters,
  filtersFromForm,
  filtersFromParams,
  paramsFromFilters,
  reasonText,
  searchPath,
  visibleFilters,
  visitorMaySearch,
} from './rules';

const ALL = { search_fields: [...SEARCH_FIELDS] };
const SITE = { countries: ['NL', 'BE'] as ('NL' | 'BE')[], min_age: 18 };

describe('visibleFilters', () => {
  it('shows only the filters the site allows, in the spec order', () => {
    expect(visibleFilters({ search_fields: ['max_age', 'gender'] })).toEqual(['gender', 'max_age']);
    expect(visibleFilters(ALL)).toEqual(['gender', 'country', 'countryregion', 'min_age', 'max_age']);
    expect(visibleFilters({ search_fields: [] })).toEqual([]);
  });
});

describe('visitorMaySearch', () => {
  it('lets visitors try when the site allows it, with or without a traffic source', () => {
    expect(visitorMaySearch({ logged_out_search: true, logged_out_search_trafficsource: false })).toBe(true);
    expect(visitorMaySearch({ logged_out_search: false, logged_out_search_trafficsource: true })).toBe(true);
    expect(visitorMaySearch({ logged_out_search: false, logged_out_search_trafficsource: false })).toBe(false);
  });
});

describe('filtersFromParams', () => {
  it('reads every allowed, well-formed filter', () => {
    const params = new URLSearchParams('gender=female&country=be&countryregion=12&min_age=25&max_age=40');
    expect(filtersFromParams(params, ALL)).toEqual({
      gender: 'female',
      country: 'BE',
      countryregion: 12,
      min_age: 25,
      max_age: 40,
    });
  });

  it('drops filters the site does not offer', () => {
    const params = new URLSearchParams('gender=male&country=BE&min_age=30');
    expect(filtersFromParams(params, { search_fields: ['min_age'] })).toEqual({ min_age: 30 });
  });

  it('drops malformed and empty values so a stale link falls back to the defaults', () => {
    const params = new URLSearchParams('gender=other&country=Belgium&countryregion=&min_age=-3&max_age=4x');
    expect(filtersFromParams(params, ALL)).toEqual({});
  });
});

describe('paramsFromFilters and searchPath', () => {
  it('writes the filters in a stable order and leaves out what is not given', () => {
    expect(paramsFromFilters({ max_age: 40, gender: 'male' }).toString()).toBe('gender=male&max_age=40');
    expect(paramsFromFilters({}).toString()).toBe('');
  });

  it('round-trips through the URL', () => {
    const filters = { gender: 'female' as const, country: 'NL', countryregion: 3, min_age: 20, max_age: 30 };
    expect(filtersFromParams(paramsFromFilters(filters), ALL)).toEqual(filters);
  });

  it('adds the cursor for the following pages only', () => {
    expect(searchPath({})).toBe('/api/members.php');
    expect(searchPath({ min_age: 30 }, null)).toBe('/api/members.php?min_age=30');
    expect(searchPath({ min_age: 30 }, 'abc_1')).toBe('/api/members.php?min_age=30&cursor=abc_1');
  });
});

describe('appliedFilters', () => {
  it('fills in the defaults the server applies: own country and the full age range', () => {
    expect(appliedFilters({}, SITE, 'BE')).toEqual({
      gender: null,
      country: 'BE',
      countryregion: null,
      min_age: 18,
      max_age: 99,
      verified: false,
    });
  });

  it("takes the site's first country for a visitor", () => {
    expect(appliedFilters({}, SITE, null).country).toBe('NL');
  });

  it('keeps what the search asks for', () => {
    expect(
      appliedFilters({ gender: 'male', country: 'BE', countryregion: 4, min_age: 30, max_age: 35 }, SITE, 'NL'),
    ).toEqual({
      gender: 'male',
      country: 'BE',
      countryregion: 4,
      min_age: 30,
      max_age: 35,
      verified: false,
    });
  });
});

describe('filtersFromForm', () => {
  const defaults = appliedFilters({}, SITE, 'NL');

  it('leaves out values equal to the defaults', () => {
    expect(filtersFromForm(defaults, defaults)).toEqual({});
  });

  it('keeps what differs', () => {
    expect(filtersFromForm({ ...defaults, gender: 'female', country: 'BE', min_age: 25 }, defaults)).toEqual({
      gender: 'female',
      country: 'BE',
      min_age: 25,
    });
  });

  it('keeps the country with a region, as a region belongs to its country', () => {
    expect(filtersFromForm({ ...defaults, countryregion: 7 }, defaults)).toEqual({ country: 'NL', countryregion: 7 });
  });
});

describe("'verified only'", () => {
  it('goes through the URL as verified=1, whatever search_fields allows, and back into the form', () => {
    const filters = filtersFromParams(new URLSearchParams('verified=1'), { search_fields: [] });
    expect(filters).toEqual({ verified: true });
    expect(searchPath(filters)).toBe('/api/members.php?verified=1');
    expect(filtersFromParams(new URLSearchParams('verified=yes'), ALL)).toEqual({});
    const defaults = appliedFilters({}, SITE, 'NL');
    expect(appliedFilters(filters, SITE, 'NL').verified).toBe(true);
    expect(filtersFromForm({ ...defaults, verified: true }, defaults)).toEqual({ verified: true });
  });
});

describe('ageRangeError', () => {
  it('accepts a range within the site minimum and 99', () => {
    expect(ageRangeError({ min_age: 18, max_age: 99 }, SITE)).toBeNull();
    expect(ageRangeError({ min_age: 30, max_age: 30 }, SITE)).toBeNull();
  });

  it('names what is wrong', () => {
    expect(ageRangeError({ min_age: 40, max_age: 30 }, SITE)).toBe('range');
    expect(ageRangeError({ min_age: 17, max_age: 30 }, SITE)).toBe('too_small');
    expect(ageRangeError({ min_age: 20, max_age: 100 }, SITE)).toBe('too_big');
  });
});

describe('reasonText', () => {
  it('words every reason code, with the count of interests in common', () => {
    expect(reasonText({ code: 'interests', count: 3 })).toEqual({
      key: 'search.reasons.interests',
      values: { count: 3 },
    });
    for (const code of ['same_region', 'same_country', 'age', 'online', 'recently_active', 'photo'] as const) {
      expect(reasonText({ code })).toEqual({ key: `search.reasons.${code}` });
    }
  });
});
