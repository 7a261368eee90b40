import { buildCard } from '../../../testing/factories';
import type { ChatEntry, ChatMessage, ChatResponse, Gift } from '../api/contract';

// The request stubs and builders every feature's tests share; re-exported so a test imports its stubs from one place.
export { commands, jsonResponse, reads, serve, type FetchMock } from '../../../testing/api';
export { buildCard };

/** A message as the chat API answers it, with overrides (a text from the partner by default). */
export function buildMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 100,
    conversation_id: 5,
    sender_id: 12,
    from_me: false,
    kind: 'text',
    body: 'Hoi!',
    image: null,
    gift: null,
    credits: 0,
    at: new Date().toISOString(),
    ...overrides,
  };
}

/** GET /api/chat.php's answer, with Eva as the partner, with overrides. */
export function buildChat(overrides: Partial<ChatResponse> = {}): ChatResponse {
  return {
    id: 5,
    profile: buildCard({ id: 12, name: 'Eva', online: true, recently_active: true, active_this_week: true }),
    messages: [],
    next: null,
    closed: false,
    free_messages_left: 0,
    seen_at: null,
    ...overrides,
  };
}

/** A chat list entry, with overrides. */
export function buildEntry(overrides: Partial<ChatEntry> = {}): ChatEntry {
  return {
    id: 5,
    profile_id: 12,
    num_unread_messages: 0,
    profile: buildCard({ id: 12, name: 'Eva' }),
    last_message: { body: 'Hoi!', kind: 'text', from_me: false, at: new Date().toISOString() },
    ...overrides,
  };
}

/** GET /api/gifts.php as seeded: two gifts, one with its own price. */
export const GIFTS: Gift[] = [
  { key: 'rose', name: 'Rose', image: '/gifts/rose.svg', credits: 20 },
  { key: 'champagne', name: 'Champagne', image: '/gifts/champagne.svg', credits: 50 },
];
