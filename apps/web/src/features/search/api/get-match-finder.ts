import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { MatchesResponse } from './contract';

/** GET /api/match-finder.php: suggestions for the member, best first, each with its reasons. */
export function getMatchFinder(signal?: AbortSignal): Promise<MatchesResponse> {
  return apiRequest<MatchesResponse>('/api/match-finder.php', { signal });
}

export const matchFinderQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.matchFinder,
    queryFn: ({ signal }) => getMatchFinder(signal),
    staleTime: 60_000,
  });

export function useMatchFinder() {
  return useQuery(matchFinderQueryOptions());
}
