import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { InboxThreadResponse } from './contract';
import { INBOX_POLL_MS } from './get-inbox';
import { adminKeys } from './query-keys';

/** GET /api/admin/inbox-thread.php?conversation_id=: both profiles and the messages, oldest first. */
export function getInboxThread(conversationId: number): Promise<InboxThreadResponse> {
  return adminRequest<InboxThreadResponse>(`/api/admin/inbox-thread.php?conversation_id=${conversationId}`);
}

export function inboxThreadQueryOptions(conversationId: number) {
  return queryOptions({
    queryKey: adminKeys.inboxThread(conversationId),
    queryFn: () => getInboxThread(conversationId),
    // Polled while open: the member may write again while staff read.
    refetchInterval: INBOX_POLL_MS,
  });
}

export function useInboxThread(conversationId: number) {
  return useQuery(inboxThreadQueryOptions(conversationId));
}
