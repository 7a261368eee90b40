import type { UserResponse } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { SignupBody, SignupResponse } from './contract';

/** POST /api/signup.php: creates the account and logs the new member in. */
export function signup(body: SignupBody): Promise<SignupResponse> {
  return apiRequest<SignupResponse>('/api/signup.php', { method: 'POST', body });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<UserResponse>(queryKeys.user, { user });
    },
  });
}
