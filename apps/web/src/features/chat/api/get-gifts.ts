import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { GiftsResponse } from './contract';

/** GET /api/gifts.php: the gift catalogue in display order, each with its price in credits. */
export function getGifts(signal?: AbortSignal): Promise<GiftsResponse> {
  return apiRequest<GiftsResponse>('/api/gifts.php', { signal });
}

/** The catalogue changes rarely: loaded once a visit, when a gift picker first opens. */
export const giftsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.gifts,
    queryFn: ({ signal }) => getGifts(signal),
    staleTime: Infinity,
  });

export function useGifts() {
  return useQuery(giftsQueryOptions());
}
