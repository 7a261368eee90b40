import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { adminKeys } from './query-keys';

/** POST /api/admin/member-delete.php: the member's own deletion (hidden now, erased after the window). */
export function deleteMember(body: { member_id: number; reason: string }): Promise<{ ok: true }> {
  return adminRequest<{ ok: true }>('/api/admin/member-delete.php', { method: 'POST', body });
}

export function useDeleteMember(memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.member(memberId) }),
  });
}
