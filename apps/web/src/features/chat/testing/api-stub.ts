import type { vi } from 'vitest';
import { buildCard } from '../../members/testing/api-stub';
import { jsonResponse } from '../../../testing/api';
import type { ChatEntry, ChatMessage, ChatResponse, Gift } from '../api/contract';

export { buildCard, jsonResponse };

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
    profile: buildCard({ id: 12, name: 'Eva', online: true, recently_active: true }),
    messages: [],
    next: null,
    closed: false,
    free_messages_left: 0,
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
  { key: 'rose', name: 'Roos', image: '/gifts/rose.svg', credits: 20 },
  { key: 'champagne', name: 'Champagne', image: '/gifts/champagne.svg', credits: 50 },
];

export type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;
/** A request body: parsed JSON, or the fields of a multipart upload. */
type Body = Record<string, unknown> | undefined;
type Handler = (body: Body, url: URL) => Response;

function bodyOf(init: RequestInit | undefined): Body {
  if (init?.body instanceof FormData) return Object.fromEntries(init.body.entries());
  return init?.body ? (JSON.parse(String(init.body)) as Body) : undefined;
}

/** Answers each "METHOD path" with its handler, like the server's contract; anything else is a 404. */
export function serve(fetchMock: FetchMock, handlers: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(bodyOf(init), url) : jsonResponse(404, { error: 'not_found', message: 'Niet gevonden' });
  });
}

/** The state-changing calls made, in order, with their bodies. */
export function commands(fetchMock: FetchMock) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') !== 'GET')
    .map(([path, init]) => ({ path: String(path), method: init?.method, body: bodyOf(init) }));
}

/** The GET calls made to a path, with their query strings. */
export function reads(fetchMock: FetchMock, path: string): string[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === 'GET' && String(input).split('?')[0] === path)
    .map(([input]) => String(input));
}
