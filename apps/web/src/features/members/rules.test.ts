import { describe, expect, it } from 'vitest';
import { buildMember } from './testing/api-stub';
import { detailRows, lockedTiles, parseMemberId, showsAbout, showsInterests, stepPhoto } from './rules';

describe('parseMemberId', () => {
  it('takes a whole positive number and nothing else', () => {
    expect(parseMemberId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-3', '1.5', '12abc', '1234567890123456']) {
      expect(parseMemberId(bad)).toBeNull();
    }
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
