import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import type { DeleteReason, RetentionOfferResponse } from './contract';

/** POST /api/retention-offer.php: the company's delete discount as a personal code. */
export function claimRetentionOffer(reason: DeleteReason): Promise<RetentionOfferResponse> {
  return apiRequest<RetentionOfferResponse>('/api/retention-offer.php', { method: 'POST', body: { reason } });
}

export function useClaimRetentionOffer() {
  return useMutation({ mutationFn: claimRetentionOffer });
}
