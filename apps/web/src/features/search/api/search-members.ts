import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import { searchPath, type SearchFilters } from '../rules';
import type { SearchResponse } from './contract';

/** GET /api/members.php: one page of a search; `cursor` is the previous page's `next`. */
export function searchMembers(
  filters: SearchFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  return apiRequest<SearchResponse>(searchPath(filters, cursor), { signal });
}

/**
 * A search paged by cursor. Results change as members come online, so a search is fetched
 * afresh when the page opens again, but kept while the member pages through it.
 */
export const searchMembersQueryOptions = (filters: SearchFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.search(filters),
    queryFn: ({ pageParam, signal }) => searchMembers(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 60_000,
  });

export function useSearchMembers(filters: SearchFilters) {
  return useInfiniteQuery(searchMembersQueryOptions(filters));
}
