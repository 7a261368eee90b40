import type { AdminOrderResponse } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { commerceKeys } from './commerce-keys';

/** GET /api/admin/order.php?id=: an order with the payment provider's live status and whether it may be refunded. */
export function getOrder(id: number): Promise<AdminOrderResponse> {
  return adminRequest<AdminOrderResponse>(`/api/admin/order.php?id=${id}`);
}

export function orderQueryOptions(id: number) {
  return queryOptions({ queryKey: commerceKeys.order(id), queryFn: () => getOrder(id) });
}

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
