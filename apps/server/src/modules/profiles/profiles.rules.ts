import {
  FREE_PHOTO_LIMIT,
  PREMIUM_PHOTO_LIMIT,
  nameEqualsEmail,
  startsWithAt,
  type PhotoReviewMode,
  type ProfileUpdateBody,
} from '@app/shared';
import type { FieldProblem } from '../../errors.js';
import { birthDateProblem } from '../accounts/accounts.rules.js';

/** A photo's review state (photos.review). */
export type PhotoReview = 'approved' | 'pending' | 'pending_live' | 'rejected';

/**
 * The profiles module's rules as pure functions of their inputs, so they are tested without a
 * database; the service gathers what they need (settings, regions, interests) first.
 */

/** How many photos a member may have: premium (paid) members more than free ones. */
export function photoLimit(paidUser: boolean): number {
  return paidUser ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT;
}

/** The review state a new photo starts in: site-run profiles' photos are the staff's own. */
export function uploadReview(fictional: boolean, mode: PhotoReviewMode): PhotoReview {
  if (fictional || mode === 'off') return 'approved';
  return mode === 'before' ? 'pending' : 'pending_live';
}

/** Whether other members may see a photo: approved, or shown while it waits ('after'). */
export function isPhotoPublic(review: PhotoReview): boolean {
  return review === 'approved' || review === 'pending_live';
}

/** Whether `order` names every id of `ids` exactly once and nothing else. */
export function isPermutation(order: readonly number[], ids: readonly number[]): boolean {
  if (order.length !== ids.length || new Set(order).size !== order.length) return false;
  const known = new Set(ids);
  return order.every((id) => known.has(id));
}

/** What the update rules need to know besides the request body. */
export interface ProfileRuleContext {
  /** The member's e-mail address: the name must differ from it. */
  email: string;
  /** The site's settings.min_age. */
  minAge: number;
  /** The site's settings.countries. */
  countries: readonly string[];
  /** The profile's current country, for a region sent without a country. */
  currentCountry: string;
  /** The country of the region_id sent, or null when no such region exists. */
  regionCountry: string | null;
  /** Of the interest ids sent, those that exist. */
  knownInterestIds: ReadonlySet<number>;
  today: Date;
}

/**
 * Per-field problems of a profile update that the contract's schema cannot see, keyed by field
 * (empty when the update may be saved): the name rules of signup, the birth date against the
 * site's minimum age, a country the site serves, a region of the resulting country and
 * interests that exist.
 */
export function profileUpdateProblems(body: ProfileUpdateBody, ctx: ProfileRuleContext): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  if (body.name !== undefined) {
    if (startsWithAt(body.name)) problems.name = 'name_starts_with_at';
    else if (nameEqualsEmail(body.name, ctx.email)) problems.name = 'name_equals_email';
  }
  if (body.birth_date !== undefined) {
    const problem = birthDateProblem(body.birth_date, ctx.minAge, ctx.today);
    if (problem) problems.birth_date = problem;
  }
  if (body.country !== undefined && !ctx.countries.includes(body.country)) {
    problems.country = 'country_not_served';
  }
  if (body.region_id !== undefined && body.region_id !== null) {
    const country = body.country ?? ctx.currentCountry;
    if (ctx.regionCountry !== country) problems.region_id = 'region_not_in_country';
  }
  if (body.interests?.some((id) => !ctx.knownInterestIds.has(id))) {
    problems.interests = 'interest_unknown';
  }
  return problems;
}
