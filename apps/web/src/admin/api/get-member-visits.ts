import { useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { AdminMemberVisitsResponse } from './contract';
import { adminKeys } from './query-keys';

/** GET /api/admin/member-visits.php?id=: the member's visitors and visited profiles, counts and the latest. */
export function useMemberVisits(id: number) {
  return useQuery({
    queryKey: adminKeys.memberVisits(id),
    queryFn: () => adminRequest<AdminMemberVisitsResponse>(`/api/admin/member-visits.php?id=${id}`),
  });
}
