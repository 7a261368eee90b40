import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { AutoLikeResponse } from './contract';

/** GET /api/auto-like.php: a profile that liked the member today, or null. */
export function getAutoLike(signal?: AbortSignal): Promise<AutoLikeResponse> {
  return apiRequest<AutoLikeResponse>('/api/auto-like.php', { signal });
}

/** Asked once per visit: the answer stays for the rest of it. */
export const autoLikeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.autoLike,
    queryFn: ({ signal }) => getAutoLike(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
