import { isLocale, isNiche, landingSlug, parseLandingSlug, type Locale, type Niche } from '@app/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { switchLocale, useSettings } from '../../../data/settings';

export interface LandingContext {
  niche: Niche;
  locale: Locale;
  /** The page's canonical slug (spec section 2: locale, en as eng, with the niche prefix). */
  slug: string;
}

/** A landing page's niche: its slug's, else the site's. */
export function landingNiche(slug: string | undefined, siteNiche: number): Niche {
  const parsed = slug ? parseLandingSlug(slug) : null;
  return parsed?.niche ?? (isNiche(siteNiche) ? siteNiche : 1);
}

/**
 * The niche and language of a landing page, from its slug. A slug names both, so a campaign
 * link opens in its language and niche: arriving on a slug switches the site's language to the
 * slug's, and choosing another language on the page moves it to that language's slug. A page
 * without a slug is sent to the slug of the current language and the site's niche (`basePath`
 * is the page's path without the slug), so every lander has one address per language and
 * niche. With `basePath` null (pages that take no slug) the page stays where it is. The route
 * table lets only real slugs through.
 */
export function useLandingSlug(basePath: string | null): LandingContext {
  const settings = useSettings();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const language = isLocale(i18n.language) ? i18n.language : null;
  const { slug } = useParams();
  const niche = landingNiche(slug, settings.niche);
  const locale = (slug ? parseLandingSlug(slug)?.locale : null) ?? language ?? 'nl';
  /** The slug whose language was applied on arrival. */
  const applied = useRef<string | null>(null);

  useEffect(() => {
    if (basePath === null || !language) return;
    const goTo = (target: string) =>
      void navigate({ pathname: `${basePath}/${target}`, search: window.location.search }, { replace: true });
    const fromSlug = slug ? parseLandingSlug(slug) : null;
    if (!fromSlug) {
      goTo(landingSlug(language, niche));
    } else if (applied.current !== slug) {
      applied.current = slug ?? null;
      if (fromSlug.locale !== language) void switchLocale(fromSlug.locale);
    } else if (fromSlug.locale !== language) {
      goTo(landingSlug(language, fromSlug.niche));
    }
  }, [basePath, slug, language, niche, navigate]);

  return { niche, locale, slug: landingSlug(locale, niche) };
}
