import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { applySent, type ChatTarget } from './chat-cache';
import type { SendMessageResponse } from './contract';

/** POST /api/gift.php: a gift of the catalogue, by its key, to a conversation or a member. */
export function sendGift(target: ChatTarget, gift: string): Promise<SendMessageResponse> {
  return apiRequest<SendMessageResponse>('/api/gift.php', { method: 'POST', body: { ...target, gift } });
}

/** Sends a gift; once the server stored it, the conversation, chat list and balance show it. */
export function useSendGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, gift }: { target: ChatTarget; gift: string }) => sendGift(target, gift),
    onSuccess: (response, { target }) => applySent(queryClient, target, response),
  });
}
