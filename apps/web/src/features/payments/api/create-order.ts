import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { CreateOrderBody, CreateOrderResponse } from './contract';

/**
 * POST /api/order.php: orders a bundle with a method (and a discount code), the terms accepted.
 * The order starts pending; the payer goes on to `checkout_url`, which returns to
 * /transactions/{order.id}.
 */
export function createOrder(body: CreateOrderBody): Promise<CreateOrderResponse> {
  return apiRequest<CreateOrderResponse>('/api/order.php', { method: 'POST', body });
}

/** Places an order; its status page finds it in the cache on the way back. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(queryKeys.order(order.id), { order });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    },
  });
}
