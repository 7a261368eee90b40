import { describe, expect, it } from 'vitest';
import { PROFILE_ABOUT_MAX_LENGTH } from '../constants.js';
import { ERROR_CODES, FIELD_MESSAGE_KEYS } from './common.js';
import { GeocodeQuerySchema, ProfileUpdateBodySchema, PhotosUpdateBodySchema } from './profiles.js';

/** The message key of each failing field, as the server would translate them. */
function fieldKeys(input: unknown): Record<string, string> {
  const result = ProfileUpdateBodySchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('ProfileUpdateBodySchema', () => {
  it('takes any subset of the fields, trimmed, with null clearing options and the region', () => {
    expect(ProfileUpdateBodySchema.parse({})).toEqual({});
    expect(
      ProfileUpdateBodySchema.parse({
        name: ' Sanne ',
        about: ' hoi ',
        hair_color: null,
        region_id: null,
        interests: [1],
      }),
    ).toEqual({ name: 'Sanne', about: 'hoi', hair_color: null, region_id: null, interests: [1] });
  });

  it('names the problem of each wrong field with a catalogue key', () => {
    expect(fieldKeys({ hair_color: 'purple' })).toEqual({ hair_color: 'field_invalid_option' });
    expect(fieldKeys({ birth_date: '2001-02-29' })).toEqual({ birth_date: 'date_of_birth_invalid' });
    expect(Object.keys(fieldKeys({ about: 'x'.repeat(PROFILE_ABOUT_MAX_LENGTH + 1) }))).toEqual(['about']);
    expect(Object.keys(fieldKeys({ credits: 5 }))).toEqual(['']);
  });
});

describe('PhotosUpdateBodySchema and GeocodeQuerySchema', () => {
  it('accept ids and coordinates, coercing query strings', () => {
    expect(PhotosUpdateBodySchema.parse({ main: 3, order: [3, 1] })).toEqual({ main: 3, order: [3, 1] });
    expect(GeocodeQuerySchema.parse({ lat: '52.37', lon: '4.89' })).toEqual({ lat: 52.37, lon: 4.89 });
    expect(GeocodeQuerySchema.safeParse({ lat: '91', lon: '0' }).success).toBe(false);
    expect(GeocodeQuerySchema.safeParse({ lat: '', lon: '' }).success).toBe(false);
    expect(GeocodeQuerySchema.safeParse({ lat: 'abc', lon: '1' }).success).toBe(false);
  });
});

describe('profiles error codes', () => {
  it('are listed in the shared code lists', () => {
    for (const code of [
      'photo_not_image',
      'photo_corrupt',
      'photo_too_large',
      'photo_too_small',
      'photo_limit_reached',
    ]) {
      expect(ERROR_CODES).toContain(code);
    }
    for (const key of ['country_not_served', 'region_not_in_country', 'interest_unknown', 'photo_order_invalid']) {
      expect(FIELD_MESSAGE_KEYS).toContain(key);
    }
  });
});
