import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { HeldContentResponse } from './contract';
import { adminKeys } from './query-keys';

/** GET /api/admin/held.php: messages and about-me texts held back for review. */
export function getHeld(): Promise<HeldContentResponse> {
  return adminRequest<HeldContentResponse>('/api/admin/held.php');
}

export function heldQueryOptions() {
  return queryOptions({ queryKey: adminKeys.held, queryFn: getHeld });
}

export function useHeld() {
  return useQuery(heldQueryOptions());
}
