import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants.js';
import { LANDING_SLUGS, NICHES, landingSlug, parseLandingSlug } from './landing.js';

const PREFIX = { 1: '', 2: 'she-', 3: 'bdsm-', 4: 'bbw-', 5: 'gilf-', 6: 'milf-', 7: 'gay-' } as const;

describe('landingSlug', () => {
  for (const niche of NICHES) {
    for (const locale of LOCALES) {
      const expected = PREFIX[niche] + (locale === 'en' ? 'eng' : locale);
      it(`is ${expected} for ${locale} in niche ${niche}`, () => {
        expect(landingSlug(locale, niche)).toBe(expected);
        expect(parseLandingSlug(expected)).toEqual({ locale, niche });
      });
    }
  }

  it('gives every locale and niche its own slug', () => {
    expect(new Set(LANDING_SLUGS).size).toBe(NICHES.length * LOCALES.length);
  });

  it.each(['en', 'milf-en', 'gay', 'milf-xx', 'MILF-nl', '', 'she-eng-'])('reads %j as no slug', (slug) => {
    expect(parseLandingSlug(slug)).toBeNull();
  });
});
