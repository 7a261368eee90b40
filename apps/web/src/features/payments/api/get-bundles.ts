import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { BundlesResponse } from './contract';

/**
 * GET /api/bundles.php: the credit bundles in display order, priced in the viewer's currency,
 * the payment methods offered in the viewer's country and the terms version an order records.
 */
export function getBundles(signal?: AbortSignal): Promise<BundlesResponse> {
  return apiRequest<BundlesResponse>('/api/bundles.php', { signal });
}

export const bundlesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bundles,
    queryFn: ({ signal }) => getBundles(signal),
  });

export function useBundles() {
  return useQuery(bundlesQueryOptions());
}
