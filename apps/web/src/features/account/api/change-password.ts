import { useMutation } from '@tanstack/react-query';
import { apiCommand } from '../../../lib/api';
import type { PasswordChangeBody } from './contract';

/** POST /api/password.php: the server answers with a fresh session cookie and ends the others. */
export function changePassword(body: PasswordChangeBody): Promise<void> {
  return apiCommand('/api/password.php', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
