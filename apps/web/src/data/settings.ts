import type { Locale, SettingsResponse, SiteSettings } from '@app/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api';
import { currentLocale, setLocale } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/settings.php for the host the app runs on, passing the current query along
 * (spec section 7): the server picks the domain's settings and may read campaign parameters.
 * The operator's texts (index_title, fictional_*) come in `locale`; without it, in the page's
 * language the server picks (the locale cookie, else the domain's).
 */
export function settingsPath(location: Pick<Location, 'hostname' | 'search'>, locale: Locale | null): string {
  const params = new URLSearchParams({ forced_domain: location.hostname });
  new URLSearchParams(location.search).forEach((value, key) => {
    if (key !== 'forced_domain' && key !== 'locale') params.append(key, value);
  });
  if (locale) params.set('locale', locale);
  return `/api/settings.php?${params}`;
}

export function getSettings(locale: Locale | null, signal?: AbortSignal): Promise<SettingsResponse> {
  return apiRequest<SettingsResponse>(settingsPath(window.location, locale), { signal });
}

/** Settings with their texts in `locale`, loaded once per page load and language. */
export const settingsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...queryKeys.settings, locale] as const,
    queryFn: ({ signal }) => getSettings(locale, signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

let firstAnswer: Promise<SettingsResponse> | undefined;

/**
 * The page load's first settings, fetched before i18n has a language: in the locale cookie's
 * language when there is one, else in the one the server picks, which the app then starts in
 * (the answer's `locale`). Kept under the language they came in.
 */
export function fetchFirstSettings(cookieLocale: Locale | null): Promise<SettingsResponse> {
  return (firstAnswer = getSettings(cookieLocale).then((answer) => {
    queryClient.setQueryData(settingsQueryOptions(answer.locale).queryKey, answer);
    return answer;
  }));
}

/**
 * Settings for what is the same in every language (the niche), also before i18n has started:
 * the page load's first answer, else the current language's.
 */
export function anyLanguageSettings(): Promise<SettingsResponse> {
  return firstAnswer ?? queryClient.ensureQueryData(settingsQueryOptions(currentLocale()));
}

/**
 * Switches the site's language (lib/i18n's setLocale) once the settings' texts in it are
 * loaded, so no page suspends for them in the middle of the switch.
 */
export async function switchLocale(locale: Locale): Promise<void> {
  await queryClient.prefetchQuery(settingsQueryOptions(locale));
  await setLocale(locale);
}

/** The site's settings in the current language; always present, as the app renders only after they arrived. */
export function useSettings(): SiteSettings {
  // Renders again on a language switch, with the settings in the new language.
  useTranslation();
  return useSuspenseQuery(settingsQueryOptions(currentLocale())).data.settings;
}
