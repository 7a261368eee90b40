import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { CaseKind, CaseResponse } from './contract';
import { adminKeys } from './query-keys';

/** GET /api/admin/case.php?kind=&id=: a case with its notes and a reported message's context. */
export function getCase(kind: CaseKind, id: number): Promise<CaseResponse> {
  return adminRequest<CaseResponse>(`/api/admin/case.php?kind=${kind}&id=${id}`);
}

export function caseQueryOptions(kind: CaseKind, id: number) {
  return queryOptions({ queryKey: adminKeys.case(kind, id), queryFn: () => getCase(kind, id) });
}

export function useCase(kind: CaseKind, id: number) {
  return useQuery(caseQueryOptions(kind, id));
}
