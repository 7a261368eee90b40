import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request';
import type { InboxMessage, InboxReplyBody, InboxThreadResponse } from './contract';
import { adminKeys } from './query-keys';

/** POST /api/admin/inbox-reply.php: answers as the site-run profile; answers the message sent. */
export function sendInboxReply(body: InboxReplyBody): Promise<{ message: InboxMessage }> {
  return adminRequest<{ message: InboxMessage }>('/api/admin/inbox-reply.php', { method: 'POST', body });
}

export function useSendInboxReply(conversationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendInboxReply,
    onSuccess: ({ message }) => {
      // The reply shows at once; the next poll brings the thread as the server has it.
      client.setQueryData<InboxThreadResponse>(adminKeys.inboxThread(conversationId), (thread) =>
        thread && !thread.messages.some((m) => m.id === message.id)
          ? { ...thread, messages: [...thread.messages, message] }
          : thread,
      );
      void client.invalidateQueries({ queryKey: adminKeys.inbox });
    },
  });
}
