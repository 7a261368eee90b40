import type { InterestsResponse } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';
import { queryKeys } from './query-keys';

/** GET /api/interests.php: the interests members can pick, with their icons. */
export function getInterests(signal?: AbortSignal): Promise<InterestsResponse> {
  return apiRequest<InterestsResponse>('/api/interests.php', { signal });
}

/** Loaded once and cached for the page's life (spec section 7). */
export const interestsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.interests,
    queryFn: ({ signal }) => getInterests(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useInterests() {
  return useQuery(interestsQueryOptions());
}
