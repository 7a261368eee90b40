import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCommand, apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { EmailChangeBody, EmailChangeConfirmResponse } from './contract';

/** POST /api/email-change.php: mails a confirmation link to the new address. */
export function requestEmailChange(body: EmailChangeBody): Promise<void> {
  return apiCommand('/api/email-change.php', { method: 'POST', body });
}

/** POST /api/email-change-do.php: confirms the new address with the mailed token. */
export function confirmEmailChange(token: string): Promise<EmailChangeConfirmResponse> {
  return apiRequest<EmailChangeConfirmResponse>('/api/email-change-do.php', { method: 'POST', body: { token } });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

/** Confirms the change, then lets the member and account views read the new address. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}
