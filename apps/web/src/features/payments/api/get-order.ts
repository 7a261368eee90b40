import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import { orderPollInterval } from '../rules';
import type { OrderResponse } from './contract';

/** GET /api/order.php?id=: one of the member's own orders (404 for any other). */
export function getOrder(id: number, signal?: AbortSignal): Promise<OrderResponse> {
  return apiRequest<OrderResponse>(`/api/order.php?id=${id}`, { signal });
}

/** Asked again every ORDER_POLL_INTERVAL while the order is pending (the provider has not answered yet). */
export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.order(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    // The order placed a moment ago may be in the cache as pending: ask at once on arrival.
    staleTime: 0,
    refetchInterval: (query) => orderPollInterval(query.state.data?.order),
  });

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
