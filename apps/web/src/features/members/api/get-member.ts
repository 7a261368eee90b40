import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { MemberResponse } from './contract';

/**
 * GET /api/member.php?id=: another member's profile. The page's own query string (a visitor's
 * traffic source) goes along, since the server lets visitors in only with one on some sites.
 */
export function getMember(id: number, search = '', signal?: AbortSignal): Promise<MemberResponse> {
  const params = new URLSearchParams(search);
  params.set('id', String(id));
  return apiRequest<MemberResponse>(`/api/member.php?${params.toString()}`, { signal });
}

export const memberQueryOptions = (id: number, search = '') =>
  queryOptions({
    queryKey: queryKeys.member(id),
    queryFn: ({ signal }) => getMember(id, search, signal),
  });

export function useMember(id: number, search = '') {
  return useQuery(memberQueryOptions(id, search));
}
