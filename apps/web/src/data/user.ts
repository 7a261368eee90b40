import type { User, UserResponse } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';
import { queryKeys } from './query-keys';

/** GET /api/user.php: the member of this session, or null for a visitor. */
export function getUser(signal?: AbortSignal): Promise<UserResponse> {
  return apiRequest<UserResponse>('/api/user.php', { signal });
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.user,
    queryFn: ({ signal }) => getUser(signal),
  });

/** The logged-in member, or null for a visitor (and while the session is unknown). */
export function useUser(): User | null {
  return useQuery(userQueryOptions()).data?.user ?? null;
}
