import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';
import type { DirectDebitBody, DirectDebitResponse } from './contract';

/**
 * POST /api/directdebit.php: checks the form, creates the pending direct-debit order and sends
 * the SMS code. Fails with 400 validation_failed (per field), 403 directdebit_blocked or
 * 403 directdebit_limit.
 */
export function startDirectDebit(body: DirectDebitBody): Promise<DirectDebitResponse> {
  return apiRequest<DirectDebitResponse>('/api/directdebit.php', { method: 'POST', body });
}

export function useStartDirectDebit() {
  return useMutation({ mutationFn: startDirectDebit });
}
