import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCommand } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { queryKeys } from '../../../data/query-keys';
import { withoutChat } from './chat-cache';
import type { ChatsResponse } from './contract';

/** DELETE /api/chat.php: hides the chat from the member's list until a new message arrives. */
export function deleteChat(conversation: number): Promise<void> {
  return apiCommand('/api/chat.php', { method: 'DELETE', body: { conversation } });
}

/**
 * Deletes a chat: it leaves the list at once; when the server refuses, a browser alert shows
 * why and the list reloads (spec sections 4, 7 and 8).
 */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: deleteChat,
    onMutate: async (conversation) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.chats, exact: true });
      queryClient.setQueryData<ChatsResponse>(queryKeys.chats, (data) =>
        data ? withoutChat(data, conversation) : data,
      );
    },
    onError: (error) => {
      window.alert(errorText(error));
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats, exact: true });
    },
  });
}
