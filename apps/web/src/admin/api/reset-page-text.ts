import type { AdminPageTextKey, AdminPageTextResponse } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { adminKeys } from './query-keys';

/** POST /api/admin/page-text-reset.php: removes the domain's own text; the catalogue's shows again. */
export function resetPageText(key: AdminPageTextKey): Promise<AdminPageTextResponse> {
  return adminRequest<AdminPageTextResponse>('/api/admin/page-text-reset.php', { method: 'POST', body: key });
}

export function useResetPageText() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetPageText,
    onSuccess: (answer, key) => client.setQueryData(adminKeys.pageText(key.domain, key.locale, key.page), answer),
  });
}
