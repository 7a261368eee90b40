import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { applySent, type ChatTarget } from './chat-cache';
import type { SendMessageResponse } from './contract';

/**
 * POST /api/gift.php: a gift of the catalogue, by its key, to a conversation or a member;
 * `key` as for sendMessage.
 */
export function sendGift(target: ChatTarget, gift: string, key: string): Promise<SendMessageResponse> {
  return apiRequest<SendMessageResponse>('/api/gift.php', {
    method: 'POST',
    body: { ...target, gift },
    idempotencyKey: key,
  });
}

/** Sends a gift; once the server stored it, the conversation, chat list and balance show it. */
export function useSendGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, gift, key }: { target: ChatTarget; gift: string; key: string }) =>
      sendGift(target, gift, key),
    onSuccess: (response, { target }) => applySent(queryClient, target, response),
  });
}
