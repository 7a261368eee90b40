import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { VerificationResponse } from './contract';

/** GET /api/verification.php: the member's state and, while they may ask, the pose to take. */
export function getVerification(signal?: AbortSignal): Promise<VerificationResponse> {
  return apiRequest<VerificationResponse>('/api/verification.php', { signal });
}

export const verificationQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.verification, queryFn: ({ signal }) => getVerification(signal) });

export function useVerification() {
  return useQuery(verificationQueryOptions());
}

/** POST /api/verification.php: the selfie as multipart field `file`; the pose is the server's. */
export function requestVerification(file: File): Promise<VerificationResponse> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<VerificationResponse>('/api/verification.php', { method: 'POST', body });
}

export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestVerification,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.verification, data),
  });
}
