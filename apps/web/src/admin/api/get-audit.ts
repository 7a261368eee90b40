import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { AuditResponse } from './contract';
import { adminKeys } from './query-keys';

/** GET /api/admin/audit.php?before=: the audit log, newest first, a page at a time. */
export function getAudit(before?: number): Promise<AuditResponse> {
  return adminRequest<AuditResponse>(`/api/admin/audit.php${before === undefined ? '' : `?before=${before}`}`);
}

export function auditQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam }) => getAudit(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
}

export function useAudit() {
  return useInfiniteQuery(auditQueryOptions());
}
