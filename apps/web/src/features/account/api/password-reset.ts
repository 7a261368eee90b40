import { useMutation } from '@tanstack/react-query';
import { apiCommand } from '../../../lib/api';
import type { PasswordResetBody, PasswordResetRequestBody } from './contract';

/** POST /api/password-reset.php: mails a link to set a new password. */
export function requestPasswordReset(body: PasswordResetRequestBody): Promise<void> {
  return apiCommand('/api/password-reset.php', { method: 'POST', body });
}

/** POST /api/password-reset-do.php: sets the new password with the mailed token. */
export function resetPassword(body: PasswordResetBody): Promise<void> {
  return apiCommand('/api/password-reset-do.php', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
