import type { AdminCompaniesResponse, AdminCompanyBody, AdminCompanyResponse } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { commerceKeys } from './commerce-keys';

/** PUT /api/admin/company.php: a company's info, whole; answers the company. */
export function saveCompany(body: AdminCompanyBody): Promise<AdminCompanyResponse> {
  return adminRequest<AdminCompanyResponse>('/api/admin/company.php', { method: 'PUT', body });
}

export function useSaveCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: ({ company }) =>
      client.setQueryData<AdminCompaniesResponse>(
        commerceKeys.companies,
        (data) => data && { companies: data.companies.map((c) => (c.id === company.id ? company : c)) },
      ),
  });
}
