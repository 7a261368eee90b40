import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { VerificationDecisionBody, VerificationQueueResponse } from '@app/shared';
import { adminRequest } from './admin-request';
import { contentKeys } from './content-keys';

/** GET /api/admin/verification.php?after=: verification requests waiting, oldest first, a page at a time. */
export function getVerificationQueue(after?: number): Promise<VerificationQueueResponse> {
  return adminRequest<VerificationQueueResponse>(
    `/api/admin/verification.php${after === undefined ? '' : `?after=${after}`}`,
  );
}

export function verificationQueueQueryOptions() {
  return infiniteQueryOptions({
    queryKey: contentKeys.verification,
    queryFn: ({ pageParam }) => getVerificationQueue(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_after ?? undefined,
  });
}

export function useVerificationQueue() {
  return useInfiniteQuery(verificationQueueQueryOptions());
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
      // The pages keep their cursors: the next page still starts after the last request loaded.
      client.setQueryData<InfiniteData<VerificationQueueResponse, number | undefined>>(
        contentKeys.verification,
        (queue) =>
          queue && {
            ...queue,
            pages: queue.pages.map((page) => ({ ...page, requests: page.requests.filter((r) => r.id !== body.id) })),
          },
      );
    },
  });
}
