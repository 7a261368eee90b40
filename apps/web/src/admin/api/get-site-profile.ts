import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteProfileResponse } from '@app/shared';
import { adminRequest } from './admin-request';
import { contentKeys } from './content-keys';

/** GET /api/admin/site-profile.php?id=: one site-run profile with its photos. */
export function getSiteProfile(id: number): Promise<SiteProfileResponse> {
  return adminRequest<SiteProfileResponse>(`/api/admin/site-profile.php?id=${id}`);
}

export function siteProfileQueryOptions(id: number) {
  return queryOptions({ queryKey: contentKeys.siteProfile(id), queryFn: () => getSiteProfile(id) });
}

export function useSiteProfile(id: number | null) {
  return useQuery({ ...siteProfileQueryOptions(id ?? 0), enabled: id !== null });
}
