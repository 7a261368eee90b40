import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../lib/api';
import { adminRequest, isStaffAuthError } from './admin-request';
import type { StaffMe, StaffMeResponse } from './contract';
import { adminKeys } from './query-keys';

/** What the console knows of its session: who is logged in (null: nobody) and the site's payments. */
export interface StaffSession {
  staff: StaffMe | null;
  demo_payments: boolean;
}

/** GET /api/admin/me.php: the staff member logged in, or null without a verified staff session. */
export async function getMe(): Promise<StaffSession> {
  try {
    return await adminRequest<StaffMeResponse>('/api/admin/me.php');
  } catch (error) {
    if (isStaffAuthError(error)) return { staff: null, demo_payments: false };
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({ queryKey: adminKeys.me, queryFn: getMe, staleTime: 60_000 });
}

/** The staff session: `staff` undefined while loading, null when logged out. */
export function useStaffSession() {
  const query = useQuery(meQueryOptions());
  return {
    staff: query.data?.staff,
    demoPayments: query.data?.demo_payments ?? false,
    error: query.error as ApiError | null,
    refetch: query.refetch,
  };
}
