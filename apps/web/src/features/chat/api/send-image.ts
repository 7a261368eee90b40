import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { applySent, type ChatTarget } from './chat-cache';
import type { SendMessageResponse } from './contract';

/**
 * POST /api/message-image.php: one image as multipart field `file`, beside the target's id
 * field; `key` as for sendMessage.
 */
export function sendImage(target: ChatTarget, file: File, key: string): Promise<SendMessageResponse> {
  const body = new FormData();
  if ('member_id' in target) body.append('member_id', String(target.member_id));
  else body.append('conversation_id', String(target.conversation_id));
  body.append('file', file);
  return apiRequest<SendMessageResponse>('/api/message-image.php', { method: 'POST', body, idempotencyKey: key });
}

/** Sends a photo; once the server stored it, the conversation, chat list and balance show it. */
export function useSendImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, file, key }: { target: ChatTarget; file: File; key: string }) =>
      sendImage(target, file, key),
    onSuccess: (response, { target }) => applySent(queryClient, target, response),
  });
}
