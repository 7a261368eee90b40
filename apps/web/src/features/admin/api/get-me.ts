import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api';
import { adminRequest, isStaffAuthError } from './admin-request';
import type { StaffMe } from './contract';
import { adminKeys } from './query-keys';

/** GET /api/admin/me.php: the staff member logged in, or null without a verified staff session. */
export async function getMe(): Promise<{ staff: StaffMe | null }> {
  try {
    return await adminRequest<{ staff: StaffMe }>('/api/admin/me.php');
  } catch (error) {
    if (isStaffAuthError(error)) return { staff: null };
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({ queryKey: adminKeys.me, queryFn: getMe, staleTime: 60_000 });
}

/** The staff session: `staff` undefined while loading, null when logged out. */
export function useStaffSession() {
  const query = useQuery(meQueryOptions());
  return { staff: query.data?.staff, error: query.error as ApiError | null, refetch: query.refetch };
}
