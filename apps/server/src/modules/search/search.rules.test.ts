import { describe, expect, it } from 'vitest';
import {
  MATCH_FINDER_WEIGHTS,
  SIGNUP_MATCH_WEIGHTS,
  compatiblePairs,
  decodeCursor,
  encodeCursor,
  scoreMatch,
} from './search.rules.js';

describe('search cursor', () => {
  it('round-trips the time at full precision and the id', () => {
    const cursor = { lastActiveAt: '2026-05-31 10:11:12.123456+00', id: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('refuses anything encodeCursor did not make', () => {
    const forge = (text: string) => Buffer.from(text).toString('base64url');
    expect(decodeCursor(forge('x|1'))).toBeNull();
    expect(decodeCursor(forge('2026-05-31 10:11:12+00|-1'))).toBeNull();
    expect(decodeCursor(forge("2026-05-31 10:11:12+00'; drop table x|1"))).toBeNull();
    expect(decodeCursor(forge('2026-05-31 10:11:12+00|1|2'))).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });
});

describe('compatiblePairs', () => {
  it('pairs both ways', () => {
    expect(compatiblePairs('male', 'hetero')).toEqual([
      { gender: 'female', sexuality: 'hetero' },
      { gender: 'female', sexuality: 'bi' },
    ]);
    // The sexuality values are not tied to a gender: 'gay' and 'lesbian' both seek one's own.
    expect(compatiblePairs('female', 'lesbian')).toEqual([
      { gender: 'female', sexuality: 'gay' },
      { gender: 'female', sexuality: 'lesbian' },
      { gender: 'female', sexuality: 'bi' },
    ]);
    expect(compatiblePairs('male', 'bi')).toEqual([
      { gender: 'female', sexuality: 'hetero' },
      { gender: 'female', sexuality: 'bi' },
      { gender: 'male', sexuality: 'gay' },
      { gender: 'male', sexuality: 'lesbian' },
      { gender: 'male', sexuality: 'bi' },
    ]);
  });
});

describe('scoreMatch', () => {
  const AWAY = { online: false, recently_active: false };
  const ONLINE = { online: true, recently_active: true };
  const base = {
    ageGap: 2,
    sameRegion: false,
    interestsInCommon: 0,
    hasPhoto: false,
    presence: AWAY,
  };

  it('weighs interests, region, age, activity and a photo, with the most telling reasons first', () => {
    const rich = scoreMatch(
      { ...base, sameRegion: true, interestsInCommon: 3, hasPhoto: true, presence: ONLINE },
      MATCH_FINDER_WEIGHTS,
    );
    expect(rich.reasons).toEqual([{ code: 'interests', count: 3 }, { code: 'same_region' }, { code: 'age' }]);
    const plain = scoreMatch(base, MATCH_FINDER_WEIGHTS);
    expect(rich.score).toBeGreaterThan(plain.score);
    expect(plain.reasons).toEqual([{ code: 'age' }]);
    expect(scoreMatch({ ...base, ageGap: 30 }, MATCH_FINDER_WEIGHTS).reasons).toEqual([{ code: 'same_country' }]);
  });

  it('counts at most five interests', () => {
    const five = scoreMatch({ ...base, interestsInCommon: 5 }, MATCH_FINDER_WEIGHTS).score;
    expect(scoreMatch({ ...base, interestsInCommon: 9 }, MATCH_FINDER_WEIGHTS).score).toBe(five);
  });

  it('after signup ranks online members with a photo first and ignores region and interests', () => {
    const online = scoreMatch({ ...base, presence: ONLINE, hasPhoto: true }, SIGNUP_MATCH_WEIGHTS);
    const region = scoreMatch({ ...base, sameRegion: true, interestsInCommon: 4 }, SIGNUP_MATCH_WEIGHTS);
    expect(online.score).toBeGreaterThan(region.score);
    expect(region.reasons).toEqual([{ code: 'age' }]);
    expect(online.reasons).toEqual([{ code: 'age' }, { code: 'online' }, { code: 'photo' }]);
  });
});
