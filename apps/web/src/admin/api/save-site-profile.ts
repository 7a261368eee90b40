import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteProfileCreateBody, SiteProfileResponse, SiteProfileUpdateBody } from '@app/shared';
import { adminRequest } from './admin-request';
import { contentKeys } from './content-keys';

/** POST (new) or PUT (changes) /api/admin/site-profile.php. */
export function saveSiteProfile(body: SiteProfileCreateBody | SiteProfileUpdateBody): Promise<SiteProfileResponse> {
  return adminRequest<SiteProfileResponse>('/api/admin/site-profile.php', {
    method: 'id' in body ? 'PUT' : 'POST',
    body,
  });
}

export function useSaveSiteProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSiteProfile,
    onSuccess: ({ profile }) => {
      client.setQueryData(contentKeys.siteProfile(profile.id), { profile });
      void client.invalidateQueries({ queryKey: contentKeys.siteProfiles });
    },
  });
}
