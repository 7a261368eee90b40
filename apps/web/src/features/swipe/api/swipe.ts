import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { SwipeAction, SwipeCardsResponse, SwipeResponse } from '@app/shared';

/** GET /api/swipe.php: the next cards, and the likes left today of the daily limit. */
export function getSwipeCards(signal?: AbortSignal): Promise<SwipeCardsResponse> {
  return apiRequest<SwipeCardsResponse>('/api/swipe.php', { signal });
}

export const swipeCardsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.swipe,
    queryFn: ({ signal }) => getSwipeCards(signal),
    // The deck is the page's own state once loaded; a refetch would deal cards already decided.
    staleTime: Infinity,
    gcTime: 0,
  });

/** POST /api/swipe.php: like (counted towards the daily limit) or pass. */
export function swipe(id: number, action: SwipeAction): Promise<SwipeResponse> {
  return apiRequest<SwipeResponse>('/api/swipe.php', { method: 'POST', body: { id, action } });
}
