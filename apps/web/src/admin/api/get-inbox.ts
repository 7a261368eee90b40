import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { InboxResponse } from './contract';
import { adminKeys } from './query-keys';

/** How often the inbox and an open thread are asked again while shown. */
export const INBOX_POLL_MS = 10_000;

/** GET /api/admin/inbox.php: site-run profiles' conversations waiting for an answer, oldest first. */
export function getInbox(): Promise<InboxResponse> {
  return adminRequest<InboxResponse>('/api/admin/inbox.php');
}

export function inboxQueryOptions() {
  return queryOptions({ queryKey: adminKeys.inbox, queryFn: getInbox, refetchInterval: INBOX_POLL_MS });
}

export function useInbox() {
  return useQuery(inboxQueryOptions());
}
