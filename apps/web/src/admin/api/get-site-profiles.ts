import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteProfileListResponse } from '@app/shared';
import { adminRequest } from './admin-request';
import { contentKeys } from './content-keys';

/** GET /api/admin/site-profiles.php: the site-run profiles, newest first. */
export function getSiteProfiles(): Promise<SiteProfileListResponse> {
  return adminRequest<SiteProfileListResponse>('/api/admin/site-profiles.php');
}

export function siteProfilesQueryOptions() {
  return queryOptions({ queryKey: contentKeys.siteProfiles, queryFn: getSiteProfiles });
}

export function useSiteProfiles() {
  return useQuery(siteProfilesQueryOptions());
}
