import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { TransactionsResponse } from './contract';

/** GET /api/transactions.php: the member's orders and credit movements, each newest first. */
export function getTransactions(signal?: AbortSignal): Promise<TransactionsResponse> {
  return apiRequest<TransactionsResponse>('/api/transactions.php', { signal });
}

export const transactionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.transactions,
    queryFn: ({ signal }) => getTransactions(signal),
  });

export function useTransactions() {
  return useQuery(transactionsQueryOptions());
}
