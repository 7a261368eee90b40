import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { AdminMemberResponse, AdminMemberStatusBody } from './contract';
import { adminKeys } from './query-keys';

/** POST /api/admin/member-status.php: ban, shadow-ban or unban, with a reason; answers the member. */
export function setMemberStatus(body: AdminMemberStatusBody): Promise<AdminMemberResponse> {
  return adminRequest<AdminMemberResponse>('/api/admin/member-status.php', { method: 'POST', body });
}

export function useSetMemberStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setMemberStatus,
    onSuccess: (data) => client.setQueryData(adminKeys.member(data.member.id), data),
  });
}
