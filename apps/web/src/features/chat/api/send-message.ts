import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { applySent, type ChatTarget } from './chat-cache';
import type { SendMessageResponse } from './contract';

/**
 * POST /api/message.php: a text message to a conversation or, for the first one, to a member.
 * `key` names this message in every attempt (see useSendKey), so a retry never sends it twice.
 */
export function sendMessage(target: ChatTarget, body: string, key: string): Promise<SendMessageResponse> {
  return apiRequest<SendMessageResponse>('/api/message.php', {
    method: 'POST',
    body: { ...target, body },
    idempotencyKey: key,
  });
}

/** Sends a text; once the server stored it, the conversation, chat list and balance show it. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body, key }: { target: ChatTarget; body: string; key: string }) =>
      sendMessage(target, body, key),
    onSuccess: (response, { target }) => applySent(queryClient, target, response),
  });
}
