import type { UserResponse } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCommand } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/logout.php: ends the session. */
export function logout(): Promise<void> {
  return apiCommand('/api/logout.php');
}

/** Logs out, then forgets the member so every view switches to the visitor's. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData<UserResponse>(queryKeys.user, { user: null });
    },
  });
}
