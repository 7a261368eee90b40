import { describe, expect, it } from 'vitest';
import { buildCard } from '../testing/factories';
import type { LikesResponse } from '@app/shared';
import { applyLiked, applySeen, likesMember } from './set-liked';

function likes(overrides: Partial<LikesResponse> = {}): LikesResponse {
  return {
    profiles: [],
    liked_by: [],
    matches: [],
    new_likes: 0,
    new_visitors: 0,
    next: { given: null, received: null, matches: null },
    ...overrides,
  };
}

const eva = buildCard({ id: 12, name: 'Eva' });
const lotte = buildCard({ id: 21, name: 'Lotte' });

describe('applyLiked', () => {
  it('puts a new like first in the given list', () => {
    const before = likes({ profiles: [{ id: 21, like_new: false, match: false, card: lotte }] });
    const after = applyLiked(before, eva, true, false);
    expect(after.profiles.map((entry) => entry.id)).toEqual([12, 21]);
    expect(after.matches).toEqual([]);
  });

  it('makes a match of liking back someone who liked the viewer', () => {
    const before = likes({ liked_by: [{ id: 12, like_new: true, match: false, card: eva }], new_likes: 1 });
    const after = applyLiked(before, eva, true, false);
    expect(after.matches.map((entry) => entry.id)).toEqual([12]);
    expect(after.liked_by[0]?.match).toBe(true);
  });

  it('takes an unlike out of the given list and the matches', () => {
    const entry = { id: 12, like_new: false, match: true, card: eva };
    const after = applyLiked(likes({ profiles: [entry], matches: [entry], liked_by: [entry] }), eva, false, false);
    expect(after.profiles).toEqual([]);
    expect(after.matches).toEqual([]);
    expect(after.liked_by[0]?.match).toBe(false);
  });
});

describe('applySeen', () => {
  it('clears the new flag and counts one less', () => {
    const after = applySeen(
      likes({ liked_by: [{ id: 12, like_new: true, match: false, card: eva }], new_likes: 3 }),
      12,
    );
    expect(after.liked_by[0]?.like_new).toBe(false);
    expect(after.new_likes).toBe(2);
  });

  it('changes nothing for a like already seen', () => {
    const before = likes({ liked_by: [{ id: 12, like_new: false, match: false, card: eva }], new_likes: 3 });
    expect(applySeen(before, 12)).toBe(before);
  });
});

describe('likesMember', () => {
  it('knows from the given list, and not before the likes loaded', () => {
    expect(likesMember(likes({ profiles: [{ id: 12, like_new: true, match: false, card: eva }] }), 12)).toBe(true);
    expect(likesMember(likes(), 12)).toBe(false);
    expect(likesMember(undefined, 12)).toBeUndefined();
  });
});
