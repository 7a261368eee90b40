import type { AdminOrderRefundBody, AdminOrderRefundResponse, AdminOrderResponse } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { commerceKeys } from './commerce-keys';
import { adminKeys } from './query-keys';

/**
 * POST /api/admin/order-refund.php: refunds the whole order through its provider and takes its
 * credits back. 400 refund_directdebit / refund_provider_mismatch, 409 order_not_completed /
 * order_already_refunded, 502 refund_failed; each with the server's translated message.
 */
export function refundOrder(body: AdminOrderRefundBody): Promise<AdminOrderRefundResponse> {
  return adminRequest<AdminOrderRefundResponse>('/api/admin/order-refund.php', { method: 'POST', body });
}

export function useRefundOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: ({ order }) => {
      client.setQueryData<AdminOrderResponse>(commerceKeys.order(order.id), { order });
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: adminKeys.member(order.member_id) });
    },
  });
}
