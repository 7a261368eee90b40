import { describe, expect, it } from 'vitest';
import { MatchReasonSchema, SEARCH_PAGE_SIZE, SearchQuerySchema } from './search.js';

describe('SearchQuerySchema', () => {
  it('treats empty values as missing and defaults the page size', () => {
    const q = SearchQuerySchema.parse({ gender: '', country: ' ', min_age: '', cursor: '' });
    expect(q).toEqual({ numResults: SEARCH_PAGE_SIZE, verified: false });
  });

  it('reads numbers and upper-cases the country', () => {
    const q = SearchQuerySchema.parse({
      country: 'nl',
      countryregion: '7',
      min_age: '20',
      max_age: '30',
      numResults: '48',
    });
    expect(q).toMatchObject({ country: 'NL', countryregion: 7, min_age: 20, max_age: 30, numResults: 48 });
  });

  it('refuses malformed values and a page size above the maximum', () => {
    expect(SearchQuerySchema.safeParse({ min_age: 'x' }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ numResults: '49' }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ numResults: '0' }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ gender: 'other' }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ cursor: 'a b' }).success).toBe(false);
  });
});

describe('MatchReasonSchema', () => {
  it('carries a count only for interests', () => {
    expect(MatchReasonSchema.parse({ code: 'interests', count: 2 })).toEqual({ code: 'interests', count: 2 });
    expect(MatchReasonSchema.safeParse({ code: 'interests' }).success).toBe(false);
    expect(MatchReasonSchema.parse({ code: 'same_region' })).toEqual({ code: 'same_region' });
  });
});
