import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { AdminMemberResponse } from './contract';
import { adminKeys } from './query-keys';

/** GET /api/admin/member.php?id=: a member with profile, photos, orders, ledger, reports and complaints. */
export function getMember(id: number): Promise<AdminMemberResponse> {
  return adminRequest<AdminMemberResponse>(`/api/admin/member.php?id=${id}`);
}

export function memberQueryOptions(id: number) {
  return queryOptions({ queryKey: adminKeys.member(id), queryFn: () => getMember(id) });
}

export function useMember(id: number) {
  return useQuery(memberQueryOptions(id));
}
