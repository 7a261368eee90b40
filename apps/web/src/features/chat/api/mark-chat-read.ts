import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCommand } from '../../../lib/api';
import { markReadInCache } from './chat-cache';

/** POST /api/chat-read.php: the open conversation is read, a message having arrived live. */
export function markChatRead(conversation: number): Promise<void> {
  return apiCommand('/api/chat-read.php', { method: 'POST', body: { conversation } });
}

/** Marks the open conversation read on the server and, at once, in the chat list. */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChatRead,
    onMutate: (conversation) => markReadInCache(queryClient, conversation),
  });
}
