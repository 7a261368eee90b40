import type { AdminDiscountCodeListResponse } from '@app/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { commerceKeys, type DiscountSourceFilter } from './commerce-keys';

/** GET /api/admin/discount-codes.php?q=&source=&before=: codes by their start, newest first, with uses. */
export function getDiscountCodes(
  q: string,
  source: DiscountSourceFilter,
  before?: number,
): Promise<AdminDiscountCodeListResponse> {
  const params = new URLSearchParams({ q });
  if (source) params.set('source', source);
  if (before !== undefined) params.set('before', String(before));
  return adminRequest<AdminDiscountCodeListResponse>(`/api/admin/discount-codes.php?${params}`);
}

export function discountCodesQueryOptions(q: string, source: DiscountSourceFilter) {
  return infiniteQueryOptions({
    queryKey: commerceKeys.discountCodes(q, source),
    queryFn: ({ pageParam }) => getDiscountCodes(q, source, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
}

export function useDiscountCodes(q: string, source: DiscountSourceFilter) {
  return useInfiniteQuery(discountCodesQueryOptions(q, source));
}
