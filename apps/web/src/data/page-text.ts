import type { ContentPage, Locale, PageTextResponse } from '@app/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';

/** GET /api/page-text.php: the site's own text of a content page in a language, or null. */
export function getPageText(page: ContentPage, locale: Locale, signal?: AbortSignal): Promise<PageTextResponse> {
  const params = new URLSearchParams({ page, locale, forced_domain: window.location.hostname });
  return apiRequest<PageTextResponse>(`/api/page-text.php?${params}`, { signal });
}

/** Kept a minute, as long as the server lets caches keep it. */
export const pageTextQueryOptions = (page: ContentPage, locale: Locale) =>
  queryOptions({
    queryKey: ['page-text', page, locale] as const,
    queryFn: ({ signal }) => getPageText(page, locale, signal),
    staleTime: 60_000,
  });

/**
 * Loads a page's text before the page renders (its route's loader), so the catalogue's text
 * never flashes before the site's own. A failure is not the page's: it shows the catalogue's.
 */
export async function prefetchPageText(queryClient: QueryClient, page: ContentPage, locale: Locale): Promise<void> {
  await queryClient.ensureQueryData(pageTextQueryOptions(page, locale)).catch(() => undefined);
}

/** The site's own text of a page (placeholders unfilled); null for the catalogue's, also while loading. */
export function usePageText(page: ContentPage, locale: Locale) {
  return useQuery(pageTextQueryOptions(page, locale)).data?.content ?? null;
}
