import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { CaseResponse, CaseUpdateBody } from './contract';
import { adminKeys } from './query-keys';

/** POST /api/admin/case.php: changes a case's status and/or adds a note; answers the case. */
export function updateCase(body: CaseUpdateBody): Promise<CaseResponse> {
  return adminRequest<CaseResponse>('/api/admin/case.php', { method: 'POST', body });
}

export function useUpdateCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCase,
    onSuccess: (data) => {
      client.setQueryData(adminKeys.case(data.case.kind, data.case.id), data);
      void client.invalidateQueries({ queryKey: ['admin', 'cases'] });
    },
  });
}
