import type { MatchReason } from '@app/shared';
import { MATCH_AGE_CLOSE_YEARS } from '@app/shared';
import type { Presence } from '../directory/directory.rules.js';
import { soughtGenders, type Gender, type Sexuality } from '../members/members.rules.js';
import type { SearchCursor } from './search.repository.js';

const SEXUALITIES: readonly Sexuality[] = ['hetero', 'gay', 'lesbian', 'bi'];

/** PostgreSQL's text form of a timestamptz (ISO DateStyle), as the cursor carries it. */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/**
 * The opaque `next` of a search page: the last row's last activity at full (microsecond)
 * precision and its id, base64url. A JavaScript Date would round the time to milliseconds and
 * make the next page repeat or skip rows.
 */
export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(`${cursor.lastActiveAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor inside `next`, or null when it was not made by encodeCursor. */
export function decodeCursor(value: string): SearchCursor | null {
  const [lastActiveAt, id, extra] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !lastActiveAt || !id || !PG_TIMESTAMP.test(lastActiveAt) || !/^\d{1,15}$/.test(id)) {
    return null;
  }
  return { lastActiveAt, id: Number(id) };
}

/**
 * The (gender, sexuality) pairs of members compatible with someone both ways: their gender is
 * one this person seeks, and this person's gender is one they seek.
 */
export function compatiblePairs(gender: Gender, sexuality: Sexuality): Array<{ gender: Gender; sexuality: Sexuality }> {
  return soughtGenders(gender, sexuality).flatMap((theirGender) =>
    SEXUALITIES.filter((theirs) => soughtGenders(theirGender, theirs).includes(gender)).map((theirs) => ({
      gender: theirGender,
      sexuality: theirs,
    })),
  );
}

/** What the match score weighs; the signup variant knows no region or interests yet. */
export interface MatchWeights {
  /** Per year closer than AGE_SCALE_YEARS apart. */
  agePerYear: number;
  sameRegion: number;
  /** Per interest in common, up to MAX_COUNTED_INTERESTS. */
  perInterest: number;
  photo: number;
  online: number;
  recentlyActive: number;
}

const AGE_SCALE_YEARS = 10;
const MAX_COUNTED_INTERESTS = 5;

/** The match finder: shared interests and region weigh most, then age, activity and a photo. */
export const MATCH_FINDER_WEIGHTS: MatchWeights = {
  agePerYear: 2,
  sameRegion: 15,
  perInterest: 8,
  photo: 10,
  online: 15,
  recentlyActive: 8,
};

/** Right after signup: members with a photo who are online now first, then age. */
export const SIGNUP_MATCH_WEIGHTS: MatchWeights = {
  agePerYear: 2,
  sameRegion: 0,
  perInterest: 0,
  photo: 30,
  online: 30,
  recentlyActive: 10,
};

export interface Scored {
  score: number;
  reasons: MatchReason[];
}

/**
 * A candidate's score for the member and the reasons worth telling, most telling first. Only
 * what weighs in `weights` is given as a reason; same_country is the fallback of a suggestion
 * with no other reason. `presence` is what the member may see of the candidate's (presenceSeenBy).
 */
export function scoreMatch(
  input: {
    ageGap: number;
    sameRegion: boolean;
    interestsInCommon: number;
    hasPhoto: boolean;
    presence: Pick<Presence, 'online' | 'recently_active'>;
  },
  weights: MatchWeights,
): Scored {
  const { online, recently_active } = input.presence;
  const interests = Math.min(input.interestsInCommon, MAX_COUNTED_INTERESTS);
  const score =
    weights.agePerYear * Math.max(0, AGE_SCALE_YEARS - input.ageGap) +
    (input.sameRegion ? weights.sameRegion : 0) +
    weights.perInterest * interests +
    (input.hasPhoto ? weights.photo : 0) +
    (online ? weights.online : recently_active ? weights.recentlyActive : 0);

  const reasons: MatchReason[] = [];
  if (weights.perInterest > 0 && input.interestsInCommon > 0) {
    reasons.push({ code: 'interests', count: input.interestsInCommon });
  }
  if (weights.sameRegion > 0 && input.sameRegion) reasons.push({ code: 'same_region' });
  if (input.ageGap <= MATCH_AGE_CLOSE_YEARS) reasons.push({ code: 'age' });
  if (online) reasons.push({ code: 'online' });
  else if (recently_active) reasons.push({ code: 'recently_active' });
  if (input.hasPhoto && reasons.length < 3) reasons.push({ code: 'photo' });
  if (reasons.length === 0) reasons.push({ code: 'same_country' });
  return { score, reasons: reasons.slice(0, 3) };
}
