import type { AdminBundleBody, AdminBundleResponse, AdminBundleUpdateBody } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { commerceKeys } from './commerce-keys';

/** POST (new, without id) or PUT (whole, with id) /api/admin/bundle.php; answers the bundle. */
export function saveBundle(body: AdminBundleBody | AdminBundleUpdateBody): Promise<AdminBundleResponse> {
  return adminRequest<AdminBundleResponse>('/api/admin/bundle.php', { method: 'id' in body ? 'PUT' : 'POST', body });
}

export function useSaveBundle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBundle,
    // Marking one popular takes the flag off the others: the whole list is fetched again.
    onSuccess: () => client.invalidateQueries({ queryKey: commerceKeys.bundles }),
  });
}
