import type { AdminPageTextKey, AdminPageTextResponse } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { adminKeys } from './query-keys';

/** GET /api/admin/page-texts.php: a page's catalogue text, the domain's own and its placeholders. */
export function getPageText(key: AdminPageTextKey): Promise<AdminPageTextResponse> {
  const params = new URLSearchParams({ domain: key.domain, locale: key.locale, page: key.page });
  return adminRequest<AdminPageTextResponse>(`/api/admin/page-texts.php?${params}`);
}

export function pageTextQueryOptions(key: AdminPageTextKey) {
  return queryOptions({
    queryKey: adminKeys.pageText(key.domain, key.locale, key.page),
    queryFn: () => getPageText(key),
  });
}

export function usePageText(key: AdminPageTextKey) {
  return useQuery(pageTextQueryOptions(key));
}
