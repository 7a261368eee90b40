import { LOCALES, NICHE_PREFIXES, type Locale } from './constants.js';

/** The site niches (settings.niche): 1 general, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay. */
export const NICHES = [1, 2, 3, 4, 5, 6, 7] as const;
export type Niche = (typeof NICHES)[number];

/** A niche's name in text keys (`landing.niches.<key>`) and class names. */
export const NICHE_KEYS: Record<Niche, string> = {
  1: 'general',
  2: 'she',
  3: 'bdsm',
  4: 'bbw',
  5: 'gilf',
  6: 'milf',
  7: 'gay',
};

export function isNiche(value: unknown): value is Niche {
  return typeof value === 'number' && (NICHES as readonly number[]).includes(value);
}

/** How a locale reads in a landing slug: en becomes eng (spec section 2), the rest stay. */
function slugLocale(locale: Locale): string {
  return locale === 'en' ? 'eng' : locale;
}

/**
 * The landing slug of a locale and niche (spec section 2): the niche's prefix and the locale,
 * en written eng. landingSlug('en', 6) is 'milf-eng'; landingSlug('nl', 1) is 'nl'.
 */
export function landingSlug(locale: Locale, niche: Niche): string {
  return `${NICHE_PREFIXES[niche]}${slugLocale(locale)}`;
}

/** Every landing slug, one per locale and niche. */
export const LANDING_SLUGS: readonly string[] = NICHES.flatMap((niche) =>
  LOCALES.map((locale) => landingSlug(locale, niche)),
);

const SLUG_INDEX = new Map<string, { locale: Locale; niche: Niche }>(
  NICHES.flatMap((niche) => LOCALES.map((locale) => [landingSlug(locale, niche), { locale, niche }] as const)),
);

/** The locale and niche a landing slug stands for, or null for a slug the site does not have. */
export function parseLandingSlug(slug: string): { locale: Locale; niche: Niche } | null {
  return SLUG_INDEX.get(slug) ?? null;
}
