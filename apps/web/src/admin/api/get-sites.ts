import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { AdminSitesResponse } from './contract';
import { adminKeys } from './query-keys';

/** GET /api/admin/sites.php: every domain's stored settings. */
export function getSites(): Promise<AdminSitesResponse> {
  return adminRequest<AdminSitesResponse>('/api/admin/sites.php');
}

export function sitesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.sites, queryFn: getSites });
}

export function useSites() {
  return useQuery(sitesQueryOptions());
}
