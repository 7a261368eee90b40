import type { AdminBundlesResponse } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { commerceKeys } from './commerce-keys';

/** GET /api/admin/bundles.php: every credit bundle with its price per currency, and the currencies sold in. */
export function getBundles(): Promise<AdminBundlesResponse> {
  return adminRequest<AdminBundlesResponse>('/api/admin/bundles.php');
}

export function bundlesQueryOptions() {
  return queryOptions({ queryKey: commerceKeys.bundles, queryFn: getBundles });
}

export function useBundles() {
  return useQuery(bundlesQueryOptions());
}
