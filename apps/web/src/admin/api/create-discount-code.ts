import type { AdminDiscountCodeBody, AdminDiscountCodeResponse } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';

/** POST /api/admin/discount-code.php: a new operator code (stored upper case); 400 fields.code code_taken. */
export function createDiscountCode(body: AdminDiscountCodeBody): Promise<AdminDiscountCodeResponse> {
  return adminRequest<AdminDiscountCodeResponse>('/api/admin/discount-code.php', { method: 'POST', body });
}

export function useCreateDiscountCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createDiscountCode,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'discount-codes'] }),
  });
}
