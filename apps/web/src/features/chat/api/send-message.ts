import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { applySent, type ChatTarget } from './chat-cache';
import type { SendMessageResponse } from './contract';

/** POST /api/message.php: a text message to a conversation or, for the first one, to a member. */
export function sendMessage(target: ChatTarget, body: string): Promise<SendMessageResponse> {
  return apiRequest<SendMessageResponse>('/api/message.php', { method: 'POST', body: { ...target, body } });
}

/** Sends a text; once the server stored it, the conversation, chat list and balance show it. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: ChatTarget; body: string }) => sendMessage(target, body),
    onSuccess: (response, { target }) => applySent(queryClient, target, response),
  });
}
