import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { DashboardResponse } from './contract';
import { adminKeys } from './query-keys';

/** GET /api/admin/dashboard.php?days=: figures per UTC day, oldest first, and the totals. */
export function getDashboard(days: number): Promise<DashboardResponse> {
  return adminRequest<DashboardResponse>(`/api/admin/dashboard.php?days=${days}`);
}

export function dashboardQueryOptions(days: number) {
  return queryOptions({ queryKey: adminKeys.dashboard(days), queryFn: () => getDashboard(days) });
}

export function useDashboard(days: number) {
  return useQuery(dashboardQueryOptions(days));
}
