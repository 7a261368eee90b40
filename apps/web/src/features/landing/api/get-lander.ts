import type { LanderResponse, Niche } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** GET /api/lander.php: a niche's members and counts for the landing pages, and one member's card. */
export function getLander(niche: Niche, memberId: number | null, signal?: AbortSignal): Promise<LanderResponse> {
  const query = new URLSearchParams({ niche: String(niche) });
  if (memberId !== null) query.set('member_id', String(memberId));
  return apiRequest<LanderResponse>(`/api/lander.php?${query}`, { signal });
}

/** The server caches landers for a minute, so the page need not ask again while it is open. */
export const landerQueryOptions = (niche: Niche, memberId: number | null = null) =>
  queryOptions({
    queryKey: ['lander', niche, memberId] as const,
    queryFn: ({ signal }) => getLander(niche, memberId, signal),
    staleTime: 5 * 60_000,
  });

/** The route's loader fetched it already (with retries): a failure shows at once, not after a second round. */
export function useLander(niche: Niche, memberId: number | null = null) {
  return useQuery({ ...landerQueryOptions(niche, memberId), retryOnMount: false });
}
