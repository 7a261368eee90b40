import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { BlockResponse, BlocksResponse, MemberResponse } from './contract';

/** POST /api/block.php (block) or DELETE (unblock); both are idempotent. */
export function setBlocked(id: number, blocked: boolean): Promise<BlockResponse> {
  return apiRequest<BlockResponse>('/api/block.php', { method: blocked ? 'POST' : 'DELETE', body: { id } });
}

/**
 * Brings the caches in line with the new state: the profile's blocked_by_me at once, the
 * blocked list without the member on unblock (and reloaded either way, for its order).
 */
function applyBlocked(queryClient: QueryClient, id: number, blocked: boolean): Promise<void> {
  queryClient.setQueryData<MemberResponse>(queryKeys.member(id), (data) =>
    data ? { member: { ...data.member, blocked_by_me: blocked } } : data,
  );
  if (!blocked) {
    queryClient.setQueryData<BlocksResponse>(queryKeys.blocks, (data) =>
      data ? { members: data.members.filter((member) => member.id !== id) } : data,
    );
  }
  return queryClient.invalidateQueries({ queryKey: queryKeys.blocks });
}

/** Blocks or unblocks a member: `mutate({ id, blocked })`. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, blocked }: { id: number; blocked: boolean }) => setBlocked(id, blocked),
    onSuccess: (response, { id }) => applyBlocked(queryClient, id, response.blocked),
  });
}
