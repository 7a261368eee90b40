import { SEARCH_FIELDS, SEARCH_MAX_AGE, type MatchReason, type SiteSettings } from '@app/shared';

export type SearchField = (typeof SEARCH_FIELDS)[number];
export type Gender = 'male' | 'female';

/**
 * The search state (spec section 3): the filters a member chose. A filter left out is not
 * given, and the server applies its default; the URL holds exactly these, so a search can be
 * shared and the back button walks through earlier searches.
 */
export interface SearchFilters {
  gender?: Gender;
  country?: string;
  countryregion?: number;
  min_age?: number;
  max_age?: number;
  /** Members with the verified badge only; offered whatever settings.search_fields says. */
  verified?: true;
}

/**
 * Whether a visitor might get results: the site lets visitors search, or does so with a traffic
 * source (which only the server can judge). Otherwise the page shows only the signup prompt.
 */
export function visitorMaySearch(
  settings: Pick<SiteSettings, 'logged_out_search' | 'logged_out_search_trafficsource'>,
) {
  return settings.logged_out_search || settings.logged_out_search_trafficsource;
}

/** The filters the page shows, in the spec's order: only those settings.search_fields allows. */
export function visibleFilters(settings: Pick<SiteSettings, 'search_fields'>): SearchField[] {
  return SEARCH_FIELDS.filter((field) => settings.search_fields.includes(field));
}

function wholeNumber(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * The search state from the page's URL: only the filters the site allows, and only well-formed
 * values (a hand-edited or stale link falls back to the defaults rather than failing).
 */
export function filtersFromParams(
  params: URLSearchParams,
  settings: Pick<SiteSettings, 'search_fields'>,
): SearchFilters {
  const allowed = new Set(visibleFilters(settings));
  const filters: SearchFilters = {};
  const gender = params.get('gender');
  if (allowed.has('gender') && (gender === 'male' || gender === 'female')) filters.gender = gender;
  const country = params.get('country')?.trim();
  if (allowed.has('country') && country && /^[A-Za-z]{2}$/.test(country)) filters.country = country.toUpperCase();
  const numbers = ['countryregion', 'min_age', 'max_age'] as const;
  for (const field of numbers) {
    const value = wholeNumber(params.get(field));
    if (allowed.has(field) && value !== undefined) filters[field] = value;
  }
  if (params.get('verified') === '1') filters.verified = true;
  return filters;
}

/** The URL query of a search state, in a stable order, leaving out what is not given. */
export function paramsFromFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of SEARCH_FIELDS) {
    const value = filters[field];
    if (value !== undefined && value !== '') params.set(field, String(value));
  }
  if (filters.verified) params.set('verified', '1');
  return params;
}

/** GET /api/members.php for a search state and, after the first page, the previous page's cursor. */
export function searchPath(filters: SearchFilters, cursor?: string | null): string {
  const params = paramsFromFilters(filters);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/members.php?${query}` : '/api/members.php';
}

/** What the search applies when a filter is not given: the server's defaults, as far as the web knows them. */
export interface AppliedFilters {
  gender: Gender | null;
  country: string;
  countryregion: number | null;
  min_age: number;
  max_age: number;
  verified: boolean;
}

/**
 * The filters as the search applies them, to show in the form: the member's own country (a
 * visitor's: the site's first), ages settings.min_age to 99. The gender default (the genders
 * the member seeks) stays null: the form words it instead of guessing.
 */
export function appliedFilters(
  filters: SearchFilters,
  settings: Pick<SiteSettings, 'countries' | 'min_age'>,
  memberCountry: string | null,
): AppliedFilters {
  return {
    gender: filters.gender ?? null,
    country: filters.country ?? memberCountry ?? settings.countries[0] ?? '',
    countryregion: filters.countryregion ?? null,
    min_age: filters.min_age ?? settings.min_age,
    max_age: filters.max_age ?? SEARCH_MAX_AGE,
    verified: filters.verified ?? false,
  };
}

/**
 * The search state a submitted form stands for: values equal to the defaults are left out, so
 * the URL stays short and a shared link keeps following the server's defaults.
 */
export function filtersFromForm(form: AppliedFilters, defaults: AppliedFilters): SearchFilters {
  const filters: SearchFilters = {};
  if (form.gender) filters.gender = form.gender;
  if (form.country && form.country !== defaults.country) filters.country = form.country;
  if (form.countryregion !== null) {
    filters.countryregion = form.countryregion;
    if (form.country) filters.country = form.country;
  }
  if (form.min_age !== defaults.min_age) filters.min_age = form.min_age;
  if (form.max_age !== defaults.max_age) filters.max_age = form.max_age;
  if (form.verified) filters.verified = true;
  return filters;
}

/** The age range error the form shows before asking the server, or null when the range is fine. */
export function ageRangeError(
  form: Pick<AppliedFilters, 'min_age' | 'max_age'>,
  settings: Pick<SiteSettings, 'min_age'>,
): 'too_small' | 'too_big' | 'range' | null {
  const ages = [form.min_age, form.max_age];
  if (ages.some((age) => !Number.isInteger(age) || age < settings.min_age)) return 'too_small';
  if (ages.some((age) => age > SEARCH_MAX_AGE)) return 'too_big';
  return form.min_age > form.max_age ? 'range' : null;
}

/** The member texts key and values that word a suggestion's reason. */
export function reasonText(reason: MatchReason): { key: string; values?: { count: number } } {
  if (reason.code === 'interests') return { key: 'search.reasons.interests', values: { count: reason.count } };
  return { key: `search.reasons.${reason.code}` };
}
