import { useMutation } from '@tanstack/react-query';
import { apiCommand } from '../../../lib/api';

/** POST /api/activation.php: sends the activation mail again (members only). */
export function resendActivation(): Promise<void> {
  return apiCommand('/api/activation.php', { method: 'POST', body: {} });
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
