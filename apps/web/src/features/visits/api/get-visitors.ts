import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { LikesResponse, VisitorsResponse } from './contract';

/** GET /api/visitors.php: a page of the member's visitors, the first one without a cursor. */
export function getVisitors(before: string | undefined, signal?: AbortSignal): Promise<VisitorsResponse> {
  const query = before === undefined ? '' : `?${new URLSearchParams({ before }).toString()}`;
  return apiRequest<VisitorsResponse>(`/api/visitors.php${query}`, { signal });
}

export function visitorsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.visitors,
    queryFn: ({ pageParam, signal }) => getVisitors(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/**
 * The visitors, a page at a time. The server marks them seen when it answers the first page,
 * so the badge (likes.php's new_visitors) is cleared in the cache at once, not at the next poll.
 */
export function useVisitors() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...visitorsQueryOptions(), refetchOnWindowFocus: false });
  const first = query.data?.pages[0];
  useEffect(() => {
    if (!first) return;
    queryClient.setQueryData<LikesResponse>(queryKeys.likes, (likes) =>
      likes && likes.new_visitors !== 0 ? { ...likes, new_visitors: 0 } : likes,
    );
  }, [first, queryClient]);
  return query;
}
