import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { DiscountCodeResponse } from './contract';

/**
 * GET /api/discountcode.php?code=: a code as it applies to this member. Fails with 404
 * code_not_found ('Code niet gevonden') or 409 code_used ('Code reeds gebruikt'), worded by
 * the server in the page's language.
 */
export function getDiscountCode(code: string, signal?: AbortSignal): Promise<DiscountCodeResponse> {
  return apiRequest<DiscountCodeResponse>(`/api/discountcode.php?code=${encodeURIComponent(code)}`, { signal });
}

export const discountCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: queryKeys.discountCode(code),
    queryFn: ({ signal }) => getDiscountCode(code, signal),
  });

/** The entered code's check; idle while there is no code. */
export function useDiscountCode(code: string | null) {
  return useQuery({ ...discountCodeQueryOptions(code ?? ''), enabled: code !== null });
}
