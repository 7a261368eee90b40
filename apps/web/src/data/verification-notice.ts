import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserResponse, VerificationOutcome } from '@app/shared';
import { apiRequest } from '../lib/api';
import { queryKeys } from './query-keys';

/**
 * POST /api/verification-notice.php: the member saw the outcome of their verification request;
 * the server ends its notice on every device (only that outcome's, never a newer one's).
 */
export function markVerificationNoticeSeen(outcome: VerificationOutcome): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/verification-notice.php', { method: 'POST', body: { outcome } });
}

/** The member's answer without the notice of `outcome`: it goes at once, before the call answers. */
export function withoutVerificationNotice(data: UserResponse, outcome: VerificationOutcome): UserResponse {
  if (!data.user || data.user.verification_notice !== outcome) return data;
  return { ...data, user: { ...data.user, verification_notice: null } };
}

/**
 * Marks the outcome seen. The notice leaves the cache at once; a failed call brings it back with
 * the next poll of user.php, so the member sees it again rather than never.
 */
export function useVerificationNoticeSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markVerificationNoticeSeen,
    onMutate: (outcome) => {
      queryClient.setQueryData<UserResponse>(
        queryKeys.user,
        (data) => data && withoutVerificationNotice(data, outcome),
      );
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.user, exact: true }),
  });
}
