import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { AdminSite, AdminSiteBody, AdminSitesResponse } from './contract';
import { adminKeys } from './query-keys';

/** PUT /api/admin/site.php: stores a domain's settings, validated as a whole; answers the site. */
export function saveSite(body: AdminSiteBody): Promise<{ site: AdminSite }> {
  return adminRequest<{ site: AdminSite }>('/api/admin/site.php', { method: 'PUT', body });
}

export function useSaveSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSite,
    onSuccess: ({ site }) =>
      client.setQueryData<AdminSitesResponse>(
        adminKeys.sites,
        (data) => data && { sites: data.sites.map((s) => (s.id === site.id ? site : s)) },
      ),
  });
}
