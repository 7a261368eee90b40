import type { ChatMessage } from '@app/shared';
import type { MessageRow } from './chat.repository.js';

/** Characters of a text message the chat list shows. */
export const PREVIEW_LENGTH = 100;

/** A message for one of the two members; `from_me` saves the client comparing ids. */
export function presentMessage(row: MessageRow, viewerId: number): ChatMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: row.senderId,
    from_me: row.senderId === viewerId,
    kind: row.kind,
    body: row.body,
    image: null,
    gift: null,
    credits: row.credits,
    at: row.createdAt.toISOString(),
  };
}

/** The chat list's view of the last message: a preview of text, nothing of images or gifts. */
export function presentLastMessage(row: MessageRow, viewerId: number) {
  return {
    body: row.kind === 'text' ? row.body.slice(0, PREVIEW_LENGTH) : '',
    kind: row.kind,
    from_me: row.senderId === viewerId,
    at: row.createdAt.toISOString(),
  };
}
