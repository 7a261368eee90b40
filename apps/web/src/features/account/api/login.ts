import type { UserResponse } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { LoginBody, LoginResponse } from './contract';

/** POST /api/user.php: logs in and answers the member. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/api/user.php', { method: 'POST', body });
}

/** Logs in, then puts the member in the cache so every view switches to the member's. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<UserResponse>(queryKeys.user, { user });
    },
  });
}
