import type { MatchSuggestion, SearchQuery, SearchResponse, SiteSettings, Tracking } from '@app/shared';
import {
  MATCH_FINDER_LIMIT,
  SEARCH_MAX_AGE,
  SIGNUP_MATCHES_LIMIT,
  SIMILAR_AGE_WIDENING,
  SIMILAR_RELAXATIONS,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { authenticationRequired, validationFailed, type FieldProblem } from '../../errors.js';
import { ageOn } from '../accounts/accounts.rules.js';
import { presentCard } from '../directory/directory.presenter.js';
import { presenceSeenBy } from '../directory/directory.rules.js';
import { birthDateRange, soughtGenders, visitorMayView, type Gender } from '../members/members.rules.js';
import type { ProfilesService } from '../profiles/profiles.service.js';
import {
  cardsOf,
  commonInterests,
  matchPool,
  searchPage,
  type MatchCandidate,
  type SearchFilter,
} from './search.repository.js';
import {
  MATCH_FINDER_WEIGHTS,
  SIGNUP_MATCH_WEIGHTS,
  compatiblePairs,
  decodeCursor,
  encodeCursor,
  scoreMatch,
  type MatchWeights,
} from './search.rules.js';

export interface SearchServiceDeps {
  db: Db;
  /** The viewer's own side, their interests, and the country of a chosen region. */
  profiles: Pick<ProfilesService, 'viewer' | 'interestIds' | 'regionCountry'>;
  now?: () => Date;
}

export type SearchService = ReturnType<typeof createSearchService>;

/** The settings of the site a search runs on. */
export type SearchSite = Pick<
  SiteSettings,
  'cdn_prefix' | 'logged_out_search' | 'logged_out_search_trafficsource' | 'search_fields' | 'countries' | 'min_age'
>;

/** Match candidates lie within this many years of the member's age, before any wider look. */
const MATCH_AGE_SPREAD = 10;
/** How many of the most recently active compatible members are scored. */
const MATCH_POOL_SIZE = 100;

/** A search with its defaults filled in and checked. */
type ResolvedSearch = Omit<SearchFilter, 'after' | 'limit' | 'excludeIds'> & { minAge: number; maxAge: number };

/**
 * The member search, the match finder and signup matches (spec sections 2, 3 and 6). Everything
 * that is not findable for the viewer (see findableFor) is left out of every list.
 */
export function createSearchService(deps: SearchServiceDeps) {
  const { db, profiles } = deps;
  const now = deps.now ?? (() => new Date());

  /** The filters that apply on this site, with defaults for the missing ones; 400 on bad ones. */
  async function resolve(viewerId: number | null, query: SearchQuery, site: SearchSite): Promise<ResolvedSearch> {
    const applies = new Set<string>(site.search_fields);
    const given = <K extends 'gender' | 'country' | 'countryregion' | 'min_age' | 'max_age'>(key: K) =>
      applies.has(key) ? query[key] : undefined;
    const viewer = viewerId === null ? null : await profiles.viewer(viewerId);

    const problems: Record<string, FieldProblem> = {};
    const country = given('country') ?? viewer?.country ?? site.countries[0] ?? 'NL';
    if (given('country') !== undefined && !site.countries.some((c) => c === country)) {
      problems.country = 'country_not_served';
    }
    const regionId = given('countryregion') ?? null;
    if (regionId !== null && !problems.country && (await profiles.regionCountry(regionId)) !== country) {
      problems.countryregion = 'region_not_in_country';
    }
    const minAge = given('min_age') ?? site.min_age;
    const maxAge = given('max_age') ?? SEARCH_MAX_AGE;
    for (const [field, age] of [
      ['min_age', minAge],
      ['max_age', maxAge],
    ] as const) {
      if (age < site.min_age) problems[field] = { key: 'field_too_small', params: { min: site.min_age } };
      else if (age > SEARCH_MAX_AGE) problems[field] = { key: 'field_too_big', params: { max: SEARCH_MAX_AGE } };
    }
    if (!problems.min_age && !problems.max_age && minAge > maxAge) problems.min_age = 'age_range_invalid';
    if (Object.keys(problems).length > 0) throw validationFailed(problems);

    const gender = given('gender');
    const genders: Gender[] = gender
      ? [gender]
      : viewer
        ? soughtGenders(viewer.gender, viewer.sexuality)
        : ['female', 'male'];
    const born = birthDateRange(minAge, maxAge, now());
    return {
      viewerId,
      countries: [country],
      genders,
      regionId,
      verified: query.verified,
      bornFrom: born.from,
      bornTo: born.to,
      minAge,
      maxAge,
    };
  }

  /** The search relaxed by one more step of SIMILAR_RELAXATIONS, or null when it changes nothing. */
  function relax(
    search: ResolvedSearch,
    step: (typeof SIMILAR_RELAXATIONS)[number],
    site: SearchSite,
  ): ResolvedSearch | null {
    switch (step) {
      case 'drop_region':
        return search.regionId === null ? null : { ...search, regionId: null };
      case 'widen_age': {
        const minAge = Math.max(site.min_age, search.minAge - SIMILAR_AGE_WIDENING);
        const maxAge = Math.min(SEARCH_MAX_AGE, search.maxAge + SIMILAR_AGE_WIDENING);
        if (minAge === search.minAge && maxAge === search.maxAge) return null;
        const born = birthDateRange(minAge, maxAge, now());
        return { ...search, minAge, maxAge, bornFrom: born.from, bornTo: born.to };
      }
      case 'drop_country': {
        const countries = [...new Set([...search.countries, ...site.countries])];
        return countries.length === search.countries.length ? null : { ...search, countries };
      }
    }
  }

  /** GET /api/members.php: `viewerId` null for a visitor, `tracking` the visitor's traffic source. */
  async function search(
    viewerId: number | null,
    query: SearchQuery,
    site: SearchSite,
    tracking: Tracking,
  ): Promise<SearchResponse> {
    if (viewerId === null && !visitorMayView(site, tracking)) throw authenticationRequired();
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
    if (query.cursor !== undefined && after === null) throw validationFailed({ cursor: 'field_invalid' });
    const resolved = await resolve(viewerId, query, site);
    const limit = query.numResults;

    // One row more than the page tells whether another page follows.
    const rows = await searchPage(db, { ...resolved, excludeIds: [], after, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const next = rows.length > limit && last ? encodeCursor({ lastActiveAt: last.sortKey, id: last.id }) : null;

    const similar: typeof rows = [];
    if (after === null && page.length < limit) {
      let relaxed = resolved;
      for (const step of SIMILAR_RELAXATIONS) {
        if (similar.length >= limit) break;
        const wider = relax(relaxed, step, site);
        if (wider === null) continue;
        relaxed = wider;
        similar.push(
          ...(await searchPage(db, {
            ...relaxed,
            excludeIds: [...page, ...similar].map((r) => r.id),
            after: null,
            limit: limit - similar.length,
          })),
        );
      }
    }

    const context = { cdnPrefix: site.cdn_prefix, now: now(), viewerId };
    return {
      members: page.map((r) => presentCard(r, context)),
      next,
      similar: similar.map((r) => presentCard(r, context)),
    };
  }

  /**
   * Suggestions for a member, best first: the most recently active compatible members of their
   * country near their age (everyone's age when that finds too few), scored by `weights`.
   */
  async function suggest(
    viewerId: number,
    site: Pick<SearchSite, 'cdn_prefix'>,
    weights: MatchWeights,
    limit: number,
  ): Promise<MatchSuggestion[]> {
    const profile = await profiles.viewer(viewerId);
    if (!profile) throw authenticationRequired();
    const today = now();
    const age = ageOn(profile.birthDate, today);
    const near = birthDateRange(Math.max(0, age - MATCH_AGE_SPREAD), age + MATCH_AGE_SPREAD, today);
    const base = {
      viewerId,
      country: profile.country,
      compatible: compatiblePairs(profile.gender, profile.sexuality),
      limit: MATCH_POOL_SIZE,
    };
    const pool: MatchCandidate[] = await matchPool(db, {
      ...base,
      bornFrom: near.from,
      bornTo: near.to,
      excludeIds: [],
    });
    if (pool.length < limit) {
      pool.push(...(await matchPool(db, { ...base, bornFrom: null, bornTo: null, excludeIds: pool.map((c) => c.id) })));
    }
    const interests =
      weights.perInterest > 0
        ? await commonInterests(
            db,
            pool.map((c) => c.id),
            await profiles.interestIds(viewerId),
          )
        : new Map<number, number>();

    const best = pool
      .map((c) => ({
        id: c.id,
        ...scoreMatch(
          {
            ageGap: Math.abs(ageOn(c.birthDate, today) - age),
            sameRegion: profile.regionId !== null && c.regionId === profile.regionId,
            interestsInCommon: interests.get(c.id) ?? 0,
            hasPhoto: c.hasPhoto,
            presence: presenceSeenBy(c, viewerId, today),
          },
          weights,
        ),
      }))
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .slice(0, limit);

    const cards = new Map(
      (
        await cardsOf(
          db,
          best.map((b) => b.id),
        )
      ).map((c) => [c.id, c]),
    );
    const context = { cdnPrefix: site.cdn_prefix, now: today, viewerId };
    return best.flatMap((b) => {
      const card = cards.get(b.id);
      return card ? [{ ...presentCard(card, context), reasons: b.reasons }] : [];
    });
  }

  /** GET /api/match-finder.php. */
  function matchFinder(viewerId: number, site: Pick<SearchSite, 'cdn_prefix'>): Promise<MatchSuggestion[]> {
    return suggest(viewerId, site, MATCH_FINDER_WEIGHTS, MATCH_FINDER_LIMIT);
  }

  /** GET /api/signup-matches.php. */
  function signupMatches(viewerId: number, site: Pick<SearchSite, 'cdn_prefix'>): Promise<MatchSuggestion[]> {
    return suggest(viewerId, site, SIGNUP_MATCH_WEIGHTS, SIGNUP_MATCHES_LIMIT);
  }

  return { search, matchFinder, signupMatches };
}
