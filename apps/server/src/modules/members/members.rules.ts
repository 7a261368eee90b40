import { FREE_VIEWER_PHOTOS, hasTrafficSource, type SiteSettings, type Tracking } from '@app/shared';

export type Gender = 'male' | 'female';
export type Sexuality = 'hetero' | 'gay' | 'lesbian' | 'bi';

/** Related profiles lie within this many years of the viewed member's age. */
export const RELATED_AGE_SPREAD = 10;

/**
 * The genders a member looks for: hetero the other one, gay and lesbian their own, bi both.
 * A visitor has no wishes of their own: related profiles then follow the viewed member's gender.
 */
export function soughtGenders(gender: Gender, sexuality: Sexuality): Gender[] {
  if (sexuality === 'bi') return ['female', 'male'];
  if (sexuality === 'hetero') return [gender === 'male' ? 'female' : 'male'];
  return [gender];
}

/**
 * Whether a visitor (logged out) may view a member's profile: the same rule as logged-out
 * search (spec section 6), either open to all or to visitors who bring a traffic source.
 */
export function visitorMayView(
  settings: Pick<SiteSettings, 'logged_out_search' | 'logged_out_search_trafficsource'>,
  tracking: Tracking,
): boolean {
  return settings.logged_out_search || (settings.logged_out_search_trafficsource && hasTrafficSource(tracking));
}

/** How many of a member's photos a viewer sees: all for premium and for oneself, else FREE_VIEWER_PHOTOS. */
export function visiblePhotoCount(total: number, viewer: { paid: boolean; self: boolean }): number {
  return viewer.paid || viewer.self ? total : Math.min(total, FREE_VIEWER_PHOTOS);
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The same calendar day `years` earlier; 29 February becomes 28 February in other years. */
function yearsBefore(today: Date, years: number): Date {
  const y = today.getUTCFullYear() - years;
  const m = today.getUTCMonth();
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(today.getUTCDate(), lastDay)));
}

/**
 * The birth dates of people aged minAge to maxAge (inclusive) on `today`, as a range for the
 * profiles_search_idx: born after today minus (maxAge + 1) years, and on or before today minus
 * minAge years.
 */
export function birthDateRange(minAge: number, maxAge: number, today: Date): { from: string; to: string } {
  const from = yearsBefore(today, maxAge + 1);
  from.setUTCDate(from.getUTCDate() + 1);
  return { from: isoDate(from), to: isoDate(yearsBefore(today, minAge)) };
}
