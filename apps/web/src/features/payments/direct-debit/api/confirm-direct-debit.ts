import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';
import { queryKeys } from '../../../../data/query-keys';
import type { DirectDebitConfirmBody, OrderResponse } from './contract';

/**
 * POST /api/directdebit-confirm.php: the SMS code completes the order. A wrong code fails with
 * 400 validation_failed, fields.otp 'Code ongeldig'; too many wrong codes block direct debit.
 */
export function confirmDirectDebit(body: DirectDebitConfirmBody): Promise<OrderResponse> {
  return apiRequest<OrderResponse>('/api/directdebit-confirm.php', { method: 'POST', body });
}

/** Confirms the order, then lets the member's balance and paid status show the purchase. */
export function useConfirmDirectDebit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmDirectDebit,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}
