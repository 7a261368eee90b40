import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { CaseListResponse } from './contract';
import { adminKeys } from './query-keys';

export type CaseStatusFilter = 'open' | 'in_progress' | 'resolved' | 'all';
export type CaseKindFilter = 'report' | 'complaint' | 'all';

/** GET /api/admin/cases.php?status=&kind=: reports and complaints in one queue (each kind for its roles). */
export function getCases(status: CaseStatusFilter, kind: CaseKindFilter): Promise<CaseListResponse> {
  return adminRequest<CaseListResponse>(`/api/admin/cases.php?${new URLSearchParams({ status, kind })}`);
}

export function casesQueryOptions(status: CaseStatusFilter, kind: CaseKindFilter) {
  return queryOptions({ queryKey: adminKeys.cases(status, kind), queryFn: () => getCases(status, kind) });
}

export function useCases(status: CaseStatusFilter, kind: CaseKindFilter) {
  return useQuery(casesQueryOptions(status, kind));
}
