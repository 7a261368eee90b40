import type { AdminOrderListResponse } from '@app/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { commerceKeys, type OrderFilters } from './commerce-keys';

/** GET /api/admin/orders.php?status=&provider=&member_id=&before=: orders, newest first, a page at a time. */
export function getOrders(filters: OrderFilters, before?: number): Promise<AdminOrderListResponse> {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.provider) params.set('provider', filters.provider);
  if (filters.member_id !== undefined) params.set('member_id', String(filters.member_id));
  if (before !== undefined) params.set('before', String(before));
  return adminRequest<AdminOrderListResponse>(`/api/admin/orders.php?${params}`);
}

export function ordersQueryOptions(filters: OrderFilters) {
  return infiniteQueryOptions({
    queryKey: commerceKeys.orders(filters),
    queryFn: ({ pageParam }) => getOrders(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
}

export function useOrders(filters: OrderFilters) {
  return useInfiniteQuery(ordersQueryOptions(filters));
}
