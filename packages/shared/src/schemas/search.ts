/**
 * Search contract (issue 5): the member search of /members, the match finder and the
 * suggestions right after signup.
 *
 * Failures answer ErrorResponse (`{ error, message, fields? }`), translated into the request's
 * language. All three calls are GETs and answer `cache-control: no-store`.
 *
 * Endpoints
 * - GET /api/members.php  SearchQuery -> SearchResponse `{ members, next, similar }`.
 *     Filters: gender, country, countryregion (a region id of `country`), min_age, max_age, and
 *     verified=1 (members with the verified badge only, see schemas/verification.ts). Only
 *     the filters in settings.search_fields apply; the others are ignored. Missing filters take
 *     defaults: for a member the genders they seek (from their gender and sexuality) and their
 *     own country; for a visitor both genders and the site's first country. Ages default to
 *     settings.min_age and 99. Empty values count as missing.
 *     Page size `numResults` (default SEARCH_PAGE_SIZE, at most SEARCH_MAX_PAGE_SIZE). Order:
 *     most recently active first (so online members lead), member id as tiebreak. Paging is by
 *     cursor: pass the answer's `next` as `cursor` for the following page; `next` is null on the
 *     last page. A cursor is opaque; a malformed one answers 400 validation_failed.
 *     `similar`: only on a first page (no cursor) that found fewer than numResults members: up to
 *     numResults others found by relaxing the search step by step, in SIMILAR_RELAXATIONS order
 *     (drop the region, widen the ages by SIMILAR_AGE_WIDENING years each side, drop the
 *     country), never repeating a member of `members`. Otherwise `[]`.
 *     Never listed: the viewer; invisible, deleted and disabled (unconfirmed or deleted)
 *     profiles; members that either side blocked.
 *     Who may search: a member; a visitor only when settings.logged_out_search allows it, or
 *     settings.logged_out_search_trafficsource and the query carries a traffic source (any
 *     non-empty TRACKING_PARAMS value, as GET /api/member.php). Otherwise 403
 *     authentication_required (the web shows the signup prompt).
 *     400 validation_failed with `fields`: min_age above max_age (`min_age`: age_range_invalid),
 *     an age outside settings.min_age..99 (field_too_small / field_too_big), a country the site
 *     does not serve (`country`: country_not_served), a region not in the country
 *     (`countryregion`: region_not_in_country), a malformed number or cursor (field_invalid).
 * - GET /api/match-finder.php -> MatchesResponse `{ members }`: up to MATCH_FINDER_LIMIT
 *     suggestions, best first, each a ProfileCard with `reasons`. Compatible both ways: the
 *     suggestion's gender is one the member seeks and the member's gender is one the suggestion
 *     seeks. Scored on age closeness, same region, interests in common, a photo and recent
 *     activity, among members of the member's own country. Members the viewer already liked
 *     are left out, and so is everyone excluded from search. Member only (403
 *     authentication_required).
 * - GET /api/signup-matches.php -> MatchesResponse: up to SIGNUP_MATCHES_LIMIT suggestions
 *     for a member who just signed up, from what a new member has (gender, sexuality, birth date,
 *     country), favouring members with a photo who are online. Same exclusions and shape.
 *     Member only.
 *
 * Reasons are codes with parameters; the web words them (common namespace):
 * `{ code: 'interests', count }` interests in common, `same_region`, `same_country`,
 * `age` (within MATCH_AGE_CLOSE_YEARS of the member's age), `online`, `recently_active`,
 * `photo`. At most a few per card, most telling first.
 */
import { z } from 'zod';
import { queryInt, text } from './common.js';
import { TrackingSchema } from './accounts.js';
import { ProfileCardSchema } from './members.js';
import { GenderSchema } from './user.js';

/** Cards per search page unless numResults says otherwise, and the most numResults may ask. */
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_MAX_PAGE_SIZE = 48;
/** The oldest age a search can ask for. */
export const SEARCH_MAX_AGE = 99;
/** How similar results relax a search that found few, in this order, each step on top of the previous. */
export const SIMILAR_RELAXATIONS = ['drop_region', 'widen_age', 'drop_country'] as const;
/** Years added on each side of the age range by the widen_age step. */
export const SIMILAR_AGE_WIDENING = 5;
export const MATCH_FINDER_LIMIT = 24;
export const SIGNUP_MATCHES_LIMIT = 12;
/** Within this many years of the member's age counts as the 'age' reason. */
export const MATCH_AGE_CLOSE_YEARS = 5;

/** An empty query value ('', spaces) counts as not given. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A whole number from a query string, or undefined when left empty. */
const intParam = z.preprocess(blankToUndefined, queryInt(0).optional());

/** GET /api/members.php query, plus the visitor's traffic source if any. */
export const SearchQuerySchema = TrackingSchema.extend({
  gender: z.preprocess(blankToUndefined, GenderSchema.optional()),
  country: z.preprocess(
    blankToUndefined,
    text()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .transform((c) => c.toUpperCase())
      .optional(),
  ),
  countryregion: intParam,
  min_age: intParam,
  max_age: intParam,
  /** '1': verified members only (any other value, or none: everyone). Not one of search_fields: always offered. */
  verified: z.preprocess(blankToUndefined, z.enum(['0', '1']).optional()).transform((v) => v === '1'),
  numResults: z.preprocess(blankToUndefined, queryInt(1, SEARCH_MAX_PAGE_SIZE).default(SEARCH_PAGE_SIZE)),
  /** The previous page's `next`. */
  cursor: z.preprocess(
    blankToUndefined,
    text()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  ),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchResponseSchema = z.object({
  members: z.array(ProfileCardSchema),
  /** Cursor of the next page, or null on the last page. */
  next: z.string().nullable(),
  /** Similar members when the first page found fewer than numResults, else empty. */
  similar: z.array(ProfileCardSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** Why a suggestion suits the member; the web words it. */
export const MatchReasonSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('interests'), count: z.number().int().positive() }),
  z.object({ code: z.literal('same_region') }),
  z.object({ code: z.literal('same_country') }),
  z.object({ code: z.literal('age') }),
  z.object({ code: z.literal('online') }),
  z.object({ code: z.literal('recently_active') }),
  z.object({ code: z.literal('photo') }),
]);
export type MatchReason = z.infer<typeof MatchReasonSchema>;
export type MatchReasonCode = MatchReason['code'];

export const MatchSuggestionSchema = ProfileCardSchema.extend({ reasons: z.array(MatchReasonSchema) });
export type MatchSuggestion = z.infer<typeof MatchSuggestionSchema>;

/** GET /api/match-finder.php and GET /api/signup-matches.php: best first. */
export const MatchesResponseSchema = z.object({ members: z.array(MatchSuggestionSchema) });
export type MatchesResponse = z.infer<typeof MatchesResponseSchema>;
