import { useMutation } from '@tanstack/react-query';
import { apiCommand } from '../../../lib/api';
import type { AccountDeleteBody } from './contract';

/** POST /api/account-delete.php: hides the account at once and ends every session. */
export function deleteAccount(body: AccountDeleteBody): Promise<void> {
  return apiCommand('/api/account-delete.php', { method: 'POST', body });
}

/**
 * The caller forgets the member itself, after it has left the members-only page: forgetting
 * first would send it to the login page instead.
 */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
