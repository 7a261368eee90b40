import type { AdminCompaniesResponse } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { commerceKeys } from './commerce-keys';

/** GET /api/admin/companies.php: the companies behind the domains, with their domains. */
export function getCompanies(): Promise<AdminCompaniesResponse> {
  return adminRequest<AdminCompaniesResponse>('/api/admin/companies.php');
}

export function companiesQueryOptions() {
  return queryOptions({ queryKey: commerceKeys.companies, queryFn: getCompanies });
}

export function useCompanies() {
  return useQuery(companiesQueryOptions());
}
