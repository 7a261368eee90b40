import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { AdminMemberListResponse } from './contract';
import { adminKeys } from './query-keys';

/** GET /api/admin/members.php?q=&before=: members by id, e-mail or name, newest first, a page at a time. */
export function getMembers(q: string, before?: number): Promise<AdminMemberListResponse> {
  const params = new URLSearchParams({ q });
  if (before !== undefined) params.set('before', String(before));
  return adminRequest<AdminMemberListResponse>(`/api/admin/members.php?${params}`);
}

export function membersQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: adminKeys.members(q),
    queryFn: ({ pageParam }) => getMembers(q, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
}

export function useMembers(q: string) {
  return useInfiniteQuery(membersQueryOptions(q));
}
