import { describe, expect, it } from 'vitest';
import type { OwnProfile } from './api/contract';
import {
  changedFields,
  geolocationPermission,
  latestBirthDate,
  photoAllowance,
  profileSections,
  serializeGeocode,
  visibleOptions,
  wizardSteps,
} from './rules';

const profile: OwnProfile = {
  id: 7,
  name: 'Sanne',
  gender: 'female',
  sexuality: 'hetero',
  birth_date: '1990-05-01',
  age: 36,
  about: '',
  country: 'NL',
  region_id: null,
  city: null,
  latitude: null,
  longitude: null,
  hair_color: null,
  eye_color: null,
  body_type: null,
  relationship_status: null,
  tattoos: null,
  reason: null,
  interests: [1, 2],
  photos: [],
  photo_limit: 3,
  status: 'active',
};

describe('visibleOptions and profileSections', () => {
  it('keep the spec order and only what the site shows', () => {
    expect(visibleOptions(['tattoos', 'interests', 'hair_color'])).toEqual(['hair_color', 'tattoos']);
    expect(profileSections({ visible_profile_fields: ['interests'], visible_profile_notes: false })).toEqual({
      options: [],
      interests: true,
      about: false,
    });
  });
});

describe('changedFields', () => {
  it('sends only what differs from the saved profile', () => {
    expect(changedFields(profile, { name: 'Sanne', about: 'Hoi', hair_color: null })).toEqual({ about: 'Hoi' });
  });

  it('compares interests as a set', () => {
    expect(changedFields(profile, { interests: [2, 1] })).toEqual({});
    expect(changedFields(profile, { interests: [2] })).toEqual({ interests: [2] });
  });
});

describe('photoAllowance', () => {
  it('offers uploads below the limit, premium to a free member at it, nothing to a paid one', () => {
    expect(photoAllowance(2, 3, false)).toBe('upload');
    expect(photoAllowance(3, 3, false)).toBe('premium');
    expect(photoAllowance(25, 25, true)).toBe('full');
  });
});

describe('geolocationPermission', () => {
  it('names the spec states: unsupported, unknown or the browser state', () => {
    expect(geolocationPermission(false, 'granted')).toBe('unsupported');
    expect(geolocationPermission(true, null)).toBe('unknown');
    expect(geolocationPermission(true, 'denied')).toBe('denied');
  });
});

describe('serializeGeocode', () => {
  it('stores the geocode, or false after a failure', () => {
    const geocode = { country: 'NL', region_id: 3, city: 'Utrecht', latitude: 52.09, longitude: 5.12 } as const;
    expect(JSON.parse(serializeGeocode(geocode))).toEqual(geocode);
    expect(serializeGeocode(false)).toBe('false');
  });
});

describe('wizardSteps', () => {
  it('runs photo, location, personal info, about me and push', () => {
    expect(wizardSteps({ options: ['hair_color'], interests: true, about: true })).toEqual([
      'photo',
      'location',
      'details',
      'about',
      'push',
    ]);
  });

  it('leaves out the steps whose fields the site hides', () => {
    expect(wizardSteps({ options: [], interests: false, about: false })).toEqual(['photo', 'location', 'push']);
  });
});

describe('latestBirthDate', () => {
  it('is today, the given number of years ago', () => {
    expect(latestBirthDate(new Date('2026-11-22T10:00:00Z'), 18)).toBe('2008-11-22');
  });
});
