import type { AdminDiscountCodeResponse } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';

/** POST /api/admin/discount-code-expire.php: the code is inactive from now on. */
export function expireDiscountCode(id: number): Promise<AdminDiscountCodeResponse> {
  return adminRequest<AdminDiscountCodeResponse>('/api/admin/discount-code-expire.php', {
    method: 'POST',
    body: { id },
  });
}

export function useExpireDiscountCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: expireDiscountCode,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'discount-codes'] }),
  });
}
