import type { UserResponse } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { apiCommand } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';

/** GET /api/logout.php: ends the session. */
export function logout(): Promise<void> {
  return apiCommand('/api/logout.php');
}

/**
 * Logs out, then forgets the member so every view switches to the visitor's. A plain call, not
 * useMutation: the account menu is part of the app shell, which every first load carries.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await logout();
    queryClient.setQueryData<UserResponse>(queryKeys.user, { user: null });
  };
}
