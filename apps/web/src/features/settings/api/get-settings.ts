import type { SettingsResponse, SiteSettings } from '@app/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/settings.php for the host the app runs on, passing the current query along
 * (spec section 7): the server picks the domain's settings and may read campaign parameters.
 */
export function settingsPath(location: Pick<Location, 'hostname' | 'search'>): string {
  const params = new URLSearchParams({ forced_domain: location.hostname });
  new URLSearchParams(location.search).forEach((value, key) => {
    if (key !== 'forced_domain') params.append(key, value);
  });
  return `/api/settings.php?${params}`;
}

export function getSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return apiRequest<SettingsResponse>(settingsPath(window.location), { signal });
}

/** Settings are loaded once per page load, before the first render. */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The site's settings; always present, as the app renders only after they arrived. */
export function useSettings(): SiteSettings {
  return useSuspenseQuery(settingsQueryOptions()).data.settings;
}
