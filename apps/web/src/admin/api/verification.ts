import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerificationDecisionBody, VerificationQueueResponse } from '@app/shared';
import { adminRequest } from './admin-request';
import { contentKeys } from './content-keys';

/** GET /api/admin/verification.php: verification requests waiting, oldest first. */
export function getVerificationQueue(): Promise<VerificationQueueResponse> {
  return adminRequest<VerificationQueueResponse>('/api/admin/verification.php');
}

export function useVerificationQueue() {
  return useQuery(queryOptions({ queryKey: contentKeys.verification, queryFn: getVerificationQueue }));
}

/** POST /api/admin/verification.php: approves, or rejects with a reason; the selfie is erased. */
export function decideVerification(body: VerificationDecisionBody): Promise<{ ok: true }> {
  return adminRequest<{ ok: true }>('/api/admin/verification.php', { method: 'POST', body });
}

export function useDecideVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    onSuccess: (_data, body) => {
      client.setQueryData<VerificationQueueResponse>(
        contentKeys.verification,
        (queue) => queue && { requests: queue.requests.filter((r) => r.id !== body.id) },
      );
    },
  });
}
