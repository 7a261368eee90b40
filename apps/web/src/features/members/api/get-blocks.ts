import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { BlocksResponse } from './contract';

/** GET /api/blocks.php: the members the viewer blocked, newest first. */
export function getBlocks(signal?: AbortSignal): Promise<BlocksResponse> {
  return apiRequest<BlocksResponse>('/api/blocks.php', { signal });
}

export const blocksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.blocks,
    queryFn: ({ signal }) => getBlocks(signal),
  });

export function useBlocks() {
  return useQuery(blocksQueryOptions());
}
