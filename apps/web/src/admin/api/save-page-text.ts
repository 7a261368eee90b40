import type { AdminPageTextBody, AdminPageTextResponse } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { adminKeys } from './query-keys';

/** PUT /api/admin/page-texts.php: stores the domain's own text of a page in a language. */
export function savePageText(body: AdminPageTextBody): Promise<AdminPageTextResponse> {
  return adminRequest<AdminPageTextResponse>('/api/admin/page-texts.php', { method: 'PUT', body });
}

export function useSavePageText() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePageText,
    onSuccess: (answer, body) => client.setQueryData(adminKeys.pageText(body.domain, body.locale, body.page), answer),
  });
}
