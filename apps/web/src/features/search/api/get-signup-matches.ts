import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { MatchesResponse } from './contract';

/** GET /api/signup-matches.php: first suggestions for a member who just signed up. */
export function getSignupMatches(signal?: AbortSignal): Promise<MatchesResponse> {
  return apiRequest<MatchesResponse>('/api/signup-matches.php', { signal });
}

export const signupMatchesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.signupMatches,
    queryFn: ({ signal }) => getSignupMatches(signal),
    staleTime: 60_000,
  });

export function useSignupMatches() {
  return useQuery(signupMatchesQueryOptions());
}
