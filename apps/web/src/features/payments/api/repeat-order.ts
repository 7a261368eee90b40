import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { CreateOrderResponse, RepeatOrderBody } from './contract';

/**
 * POST /api/repeat-order.php: the last completed order's bundle and method again, at today's
 * price. A method with a stored mandate is charged at once (checkout_url null; the order is
 * completed, or failed with `failure: 'recurring_declined'`); others go through checkout.
 */
export function repeatOrder(body: RepeatOrderBody): Promise<CreateOrderResponse> {
  return apiRequest<CreateOrderResponse>('/api/repeat-order.php', { method: 'POST', body });
}

/** Repeats the last order; a charge made at once shows in the balance and the transactions. */
export function useRepeatOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repeatOrder,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(queryKeys.order(order.id), { order });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      if (order.status === 'completed') void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}
