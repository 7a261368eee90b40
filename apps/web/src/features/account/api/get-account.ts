import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { AccountSettingsResponse } from './contract';

/** GET /api/account.php: the member's address, invisible mode and notification switches. */
export function getAccount(signal?: AbortSignal): Promise<AccountSettingsResponse> {
  return apiRequest<AccountSettingsResponse>('/api/account.php', { signal });
}

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account,
    queryFn: ({ signal }) => getAccount(signal),
  });

export function useAccount() {
  return useQuery(accountQueryOptions());
}
