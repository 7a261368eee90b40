import type { AdminGiftsResponse } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import { commerceKeys } from './commerce-keys';

/** GET /api/admin/gifts.php: every gift, active and withdrawn. */
export function getGifts(): Promise<AdminGiftsResponse> {
  return adminRequest<AdminGiftsResponse>('/api/admin/gifts.php');
}

export function giftsQueryOptions() {
  return queryOptions({ queryKey: commerceKeys.gifts, queryFn: getGifts });
}

export function useGifts() {
  return useQuery(giftsQueryOptions());
}
