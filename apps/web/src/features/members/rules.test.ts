import { describe, expect, it } from 'vitest';
import { buildCard, buildMember } from './testing/api-stub';
import {
  activityOf,
  detailRows,
  lockedTiles,
  needsRegions,
  parseMemberId,
  placeName,
  showsAbout,
  showsInterests,
  stepPhoto,
} from './rules';

const REGIONS = {
  regions: {
    NL: { kind: 'province' as const, regions: [{ id: 5, country: 'NL', code: 'NL-NH', name: 'Noord-Holland' }] },
  },
};
const countryName = (code: string) => (code === 'NL' ? 'Nederland' : code);

describe('parseMemberId', () => {
  it('takes a whole positive number and nothing else', () => {
    expect(parseMemberId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-3', '1.5', '12abc', '1234567890123456']) {
      expect(parseMemberId(bad)).toBeNull();
    }
  });
});

describe('placeName', () => {
  it('names the city first, then the region, then the country', () => {
    expect(placeName(buildCard({ city: 'Utrecht', region_id: 5 }), REGIONS, countryName)).toBe('Utrecht');
    expect(placeName(buildCard({ city: null, region_id: 5 }), REGIONS, countryName)).toBe('Noord-Holland');
    expect(placeName(buildCard({ city: ' ', region_id: null }), REGIONS, countryName)).toBe('Nederland');
  });

  it('falls back to the country while the regions load or when the region is unknown', () => {
    expect(placeName(buildCard({ city: null, region_id: 5 }), undefined, countryName)).toBe('Nederland');
    expect(placeName(buildCard({ city: null, region_id: 99 }), REGIONS, countryName)).toBe('Nederland');
  });

  it('asks for the regions only when a region is all there is', () => {
    expect(needsRegions({ city: null, region_id: 5 })).toBe(true);
    expect(needsRegions({ city: 'Utrecht', region_id: 5 })).toBe(false);
    expect(needsRegions({ city: null, region_id: null })).toBe(false);
  });
});

describe('activityOf', () => {
  it('says online before recently active, and nothing for neither', () => {
    expect(activityOf({ online: true, recently_active: true })).toBe('online');
    expect(activityOf({ online: false, recently_active: true })).toBe('recent');
    expect(activityOf({ online: false, recently_active: false })).toBeNull();
  });
});

describe('stepPhoto', () => {
  it('wraps round both ways', () => {
    expect(stepPhoto(0, 1, 3)).toBe(1);
    expect(stepPhoto(2, 1, 3)).toBe(0);
    expect(stepPhoto(0, -1, 3)).toBe(2);
    expect(stepPhoto(0, 1, 0)).toBe(0);
  });
});

describe('detailRows', () => {
  it('lists the visible options the member answered, in the spec order', () => {
    const member = buildMember({ hair_color: 'red', eye_color: 'green', reason: 'dating', body_type: null });
    expect(detailRows(member, { visible_profile_fields: ['reason', 'hair_color', 'body_type'] })).toEqual([
      { option: 'hair_color', value: 'red' },
      { option: 'reason', value: 'dating' },
    ]);
  });
});

describe('showsAbout and showsInterests', () => {
  it('follow the site settings and leave empty sections out', () => {
    expect(showsAbout(buildMember({ about: 'Hoi' }), { visible_profile_notes: true })).toBe(true);
    expect(showsAbout(buildMember({ about: 'Hoi' }), { visible_profile_notes: false })).toBe(false);
    expect(showsAbout(buildMember({ about: '  ' }), { visible_profile_notes: true })).toBe(false);
    expect(showsInterests(buildMember({ interests: [1] }), { visible_profile_fields: ['interests'] })).toBe(true);
    expect(showsInterests(buildMember({ interests: [1] }), { visible_profile_fields: [] })).toBe(false);
    expect(showsInterests(buildMember({ interests: [] }), { visible_profile_fields: ['interests'] })).toBe(false);
  });
});

describe('lockedTiles', () => {
  it('shows a tile per locked photo, three at most', () => {
    expect(lockedTiles(0)).toBe(0);
    expect(lockedTiles(2)).toBe(2);
    expect(lockedTiles(22)).toBe(3);
  });
});
