import type { CompanyInfo, CompanyInfoResponse } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';
import { queryKeys } from './query-keys';

/** GET /api/companyinfo.php: the company behind the site. */
export function getCompanyInfo(signal?: AbortSignal): Promise<CompanyInfoResponse> {
  return apiRequest<CompanyInfoResponse>('/api/companyinfo.php', { signal });
}

/** Loaded once and cached for the page's life (spec section 7). */
export const companyInfoQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.companyInfo,
    queryFn: ({ signal }) => getCompanyInfo(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The company info, or null until it arrived. */
export function useCompanyInfo(): CompanyInfo | null {
  return useQuery(companyInfoQueryOptions()).data?.companyinfo ?? null;
}
