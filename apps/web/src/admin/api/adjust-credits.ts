import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { AdminCreditsBody } from './contract';
import { adminKeys } from './query-keys';

/** POST /api/admin/member-credits.php: adds or takes credits with a reason. 400 insufficient_credits. */
export function adjustCredits(body: AdminCreditsBody): Promise<{ balance: number }> {
  return adminRequest<{ balance: number }>('/api/admin/member-credits.php', { method: 'POST', body });
}

export function useAdjustCredits(memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adjustCredits,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.member(memberId) }),
  });
}
