import { useMutation } from '@tanstack/react-query';
import { apiCommand } from '../../../lib/api';
import type { ReactivationRequestBody } from './contract';

/**
 * POST /api/reactivation.php: mails a new reactivation link. The server answers ok for any
 * address, so the page confirms neutrally.
 */
export function requestReactivation(body: ReactivationRequestBody): Promise<void> {
  return apiCommand('/api/reactivation.php', { method: 'POST', body });
}

export function useRequestReactivation() {
  return useMutation({ mutationFn: requestReactivation });
}
