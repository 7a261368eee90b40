import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import type { ComplaintBody, ComplaintResponse } from './contract';

/**
 * POST /api/complaint.php: stores the complaint and mails a confirmation to the sender and the
 * complaint to support. Fails with 400 validation_failed (per field) or 429 rate_limited.
 */
export function submitComplaint(body: ComplaintBody): Promise<ComplaintResponse> {
  return apiRequest<ComplaintResponse>('/api/complaint.php', { method: 'POST', body });
}

export function useSubmitComplaint() {
  return useMutation({ mutationFn: submitComplaint });
}
