import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { ProfileResponse } from './contract';

/** GET /api/profile.php: the logged-in member's own profile, photos included. */
export function getProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  return apiRequest<ProfileResponse>('/api/profile.php', { signal });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => getProfile(signal),
  });

/** The own profile query: the editor shows its loading and error states from it. */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
