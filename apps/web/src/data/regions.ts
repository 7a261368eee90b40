import type { RegionsResponse } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';
import { queryKeys } from './query-keys';

/** GET /api/regions.php: the regions of every country, keyed by country code. */
export function getRegions(signal?: AbortSignal): Promise<RegionsResponse> {
  return apiRequest<RegionsResponse>('/api/regions.php', { signal });
}

/** Loaded once and cached for the page's life (spec section 7). */
export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.regions,
    queryFn: ({ signal }) => getRegions(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
