import {
  LIVE_CLOSE_SERVICE_RESTART,
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_PATH,
  type ChatEntry,
  type ChatMessage,
  type ChatResponse,
  type ChatsResponse,
  type LiveEvent,
  type UserResponse,
} from '@app/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../data/query-keys';
import { liveSocketClosed, liveSocketOpened } from './live-sender';

/**
 * The live channel's client (packages/shared/src/schemas/live.ts has the protocol): one
 * WebSocket per tab that writes what arrives into the query cache, where the chat pages, the
 * badges and the title already look. The spec's polling stays on as the fallback.
 */

/** First reconnect delay; it doubles on every failed attempt. */
export const RECONNECT_MIN_DELAY = 1_000;
/** Longest reconnect delay. */
export const RECONNECT_MAX_DELAY = 30_000;

/** The live channel on the page's own origin; `after` resumes behind the newest message seen. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>, after: number): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}${LIVE_PATH}${after > 0 ? `?after=${after}` : ''}`;
}

/**
 * The longest wait before reconnecting to a server process that shut down (close code 1012):
 * each tab waits a random part of it, so the members of a restarted process spread over the
 * others instead of all arriving in the same millisecond.
 */
export const RESTART_RECONNECT_SPREAD = 1_500;

/** The wait before reconnecting after a server restart: anywhere within RESTART_RECONNECT_SPREAD. */
export function restartDelay(random: () => number = Math.random): number {
  return Math.round(random() * RESTART_RECONNECT_SPREAD);
}

/**
 * The wait before reconnect attempt `attempt` (0 for the first): doubling from 1 s up to 30 s,
 * each a random 50 to 100 % of that, so the tabs of a restarted server do not all return at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_DELAY, RECONNECT_MIN_DELAY * 2 ** attempt);
  return Math.max(RECONNECT_MIN_DELAY, Math.round(ceiling * (0.5 + random() / 2)));
}

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isInt(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

function isStrings(value: Fields, keys: readonly string[]): boolean {
  return keys.every((key) => typeof value[key] === 'string');
}

function isImage(value: unknown): boolean {
  return (
    value === null ||
    (isFields(value) && isStrings(value, ['url', 'thumb']) && isInt(value.width) && isInt(value.height))
  );
}

function isGift(value: unknown): boolean {
  return value === null || (isFields(value) && isStrings(value, ['key', 'name', 'image']));
}

function isMessage(value: unknown): value is ChatMessage {
  return (
    isFields(value) &&
    isInt(value.id) &&
    isInt(value.conversation_id) &&
    isInt(value.sender_id) &&
    typeof value.from_me === 'boolean' &&
    (value.kind === 'text' || value.kind === 'image' || value.kind === 'gift') &&
    isStrings(value, ['body', 'at']) &&
    isImage(value.image) &&
    isGift(value.gift) &&
    isInt(value.credits)
  );
}

function isEvent(frame: Fields): boolean {
  switch (frame.type) {
    case 'hello':
      return isInt(frame.last_message_id) && frame.last_message_id >= 0;
    case 'message':
      return isMessage(frame.message);
    case 'read':
      return (
        isInt(frame.conversation_id) &&
        typeof frame.by_me === 'boolean' &&
        (frame.at === undefined || typeof frame.at === 'string')
      );
    case 'typing':
      return (
        isInt(frame.conversation_id) &&
        isInt(frame.member_id) &&
        (frame.ago === undefined || (isInt(frame.ago) && frame.ago >= 0))
      );
    case 'chat_hidden':
      return isInt(frame.conversation_id);
    case 'like':
      return isInt(frame.liker_id);
    case 'match':
      return isInt(frame.member_id);
    case 'credits':
      return isInt(frame.credits);
    case 'verification':
      return frame.outcome === 'approved' || frame.outcome === 'rejected';
    case 'resync':
      return true;
    default:
      return false;
  }
}

/**
 * A frame as a LiveEvent, or null when it is not one. It accepts what LiveEventSchema accepts
 * (live.test.ts holds them side by side) without shipping zod to every member's browser.
 */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return null;
  }
  return isFields(frame) && isEvent(frame) ? (frame as LiveEvent) : null;
}

/** A conversation's pages (newest page first, newest message first) with `message` in place, once. */
export function withMessageInChat<P>(
  data: InfiniteData<ChatResponse, P>,
  message: ChatMessage,
): InfiniteData<ChatResponse, P> {
  const [first, ...older] = data.pages;
  if (!first || data.pages.some((page) => page.messages.some((known) => known.id === message.id))) return data;
  const messages = [message, ...first.messages].sort((a, b) => b.id - a.id);
  return { ...data, pages: [{ ...first, messages }, ...older] };
}

/**
 * The chat list with the message's conversation on top, showing it; null when the list lacks
 * that conversation (a new one, or one deleted from the list that the message brings back).
 */
export function withMessageInChats(data: ChatsResponse, message: ChatMessage, unread: boolean): ChatsResponse | null {
  const entry = data.chats.find((chat) => chat.id === message.conversation_id);
  if (!entry) return null;
  const updated: ChatEntry = {
    ...entry,
    num_unread_messages: entry.num_unread_messages + (unread ? 1 : 0),
    // Like the server's list: a preview of text, nothing of images and gifts.
    last_message: {
      body: message.kind === 'text' ? message.body : '',
      kind: message.kind,
      from_me: message.from_me,
      at: message.at,
    },
  };
  return { ...data, chats: [updated, ...data.chats.filter((chat) => chat !== entry)] };
}

/** A conversation's pages with the partner's read at `at`: its newest page's `seen_at`. */
export function withSeen<P>(data: InfiniteData<ChatResponse, P>, at: string): InfiniteData<ChatResponse, P> {
  const [first, ...older] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, seen_at: at }, ...older] };
}

/** The typing in a conversation (queryKeys.typing): the typist, and when their last event came (ms). */
export interface TypingState {
  member_id: number;
  at: number;
}

/** The chat list with a conversation read. */
export function withChatRead(data: ChatsResponse, conversationId: number): ChatsResponse {
  return {
    ...data,
    chats: data.chats.map((chat) => (chat.id === conversationId ? { ...chat, num_unread_messages: 0 } : chat)),
  };
}

/** The chat list without a conversation. */
export function withoutChat(data: ChatsResponse, conversationId: number): ChatsResponse {
  return { ...data, chats: data.chats.filter((chat) => chat.id !== conversationId) };
}

/** The session's member with a new balance; a visitor stays one. */
export function withCredits(data: UserResponse, credits: number): UserResponse {
  return data.user ? { ...data, user: { ...data.user, credits } } : data;
}

/** Whether a page shows the conversation now: its messages then count as read. */
function isChatOnScreen(queryClient: QueryClient, conversationId: number): boolean {
  return (
    queryClient
      .getQueryCache()
      .find({ queryKey: queryKeys.chat(conversationId), exact: true })
      ?.isActive() ?? false
  );
}

function updateChats(queryClient: QueryClient, update: (data: ChatsResponse) => ChatsResponse): void {
  queryClient.setQueryData<ChatsResponse>(queryKeys.chats, (data) => data && update(data));
}

function applyMessage(queryClient: QueryClient, message: ChatMessage): void {
  // The message the partner was typing has arrived: the indicator goes at once.
  const typing = queryClient.getQueryData<TypingState | null>(queryKeys.typing(message.conversation_id));
  if (typing?.member_id === message.sender_id)
    queryClient.setQueryData(queryKeys.typing(message.conversation_id), null);
  queryClient.setQueryData<InfiniteData<ChatResponse>>(
    queryKeys.chat(message.conversation_id),
    (data) => data && withMessageInChat(data, message),
  );
  const chats = queryClient.getQueryData<ChatsResponse>(queryKeys.chats);
  if (!chats) return;
  const unread = !message.from_me && !isChatOnScreen(queryClient, message.conversation_id);
  const updated = withMessageInChats(chats, message, unread);
  if (updated) queryClient.setQueryData<ChatsResponse>(queryKeys.chats, updated);
  else void queryClient.invalidateQueries({ queryKey: queryKeys.chats, exact: true });
}

/** Refetches everything the channel keeps fresh, after events may have been missed. */
export function refetchLiveData(queryClient: QueryClient): void {
  for (const queryKey of [queryKeys.chats, queryKeys.likes, queryKeys.user]) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
  // Every conversation: their keys all start like chat(id) and chatWithMember(id).
  const [chat] = queryKeys.chat(0);
  const [chatWithMember] = queryKeys.chatWithMember(0);
  void queryClient.invalidateQueries({ queryKey: [chat] });
  void queryClient.invalidateQueries({ queryKey: [chatWithMember] });
}

/** Writes one event into the query cache (`hello` is the connection's own business). */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'message':
      applyMessage(queryClient, event.message);
      break;
    case 'read': {
      // The member's own reads from another tab clear the count; the partner's show as 'seen'.
      const { at } = event;
      if (event.by_me) updateChats(queryClient, (data) => withChatRead(data, event.conversation_id));
      else if (at) {
        queryClient.setQueryData<InfiniteData<ChatResponse>>(
          queryKeys.chat(event.conversation_id),
          (data) => data && withSeen(data, at),
        );
      }
      break;
    }
    case 'typing':
      // Only a conversation the tab has loaded shows it.
      if (queryClient.getQueryData(queryKeys.chat(event.conversation_id)) === undefined) break;
      queryClient.setQueryData<TypingState>(queryKeys.typing(event.conversation_id), {
        member_id: event.member_id,
        // A replay for a conversation the tab has just started to show happened `ago` ms before.
        at: Date.now() - (event.ago ?? 0),
      });
      break;
    case 'chat_hidden':
      updateChats(queryClient, (data) => withoutChat(data, event.conversation_id));
      break;
    case 'like':
    case 'match':
      void queryClient.invalidateQueries({ queryKey: queryKeys.likes, exact: true });
      break;
    case 'credits':
      queryClient.setQueryData<UserResponse>(queryKeys.user, (data) => data && withCredits(data, event.credits));
      break;
    case 'verification':
      // The member's answer brings the notice (the member prompt shows it), verification.php the
      // state and badge on /profile; both are the server's, which knows whether it was seen.
      void queryClient.invalidateQueries({ queryKey: queryKeys.user, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.verification, exact: true });
      break;
    case 'resync':
      refetchLiveData(queryClient);
      break;
    case 'hello':
      break;
  }
}

/** What the client needs of a WebSocket. */
export type LiveSocket = Pick<WebSocket, 'onopen' | 'onmessage' | 'onclose' | 'close' | 'send'>;

export interface LiveOptions {
  /** The WebSocket class; tests pass a fake. */
  socketClass?: new (url: string) => LiveSocket;
  random?: () => number;
}

/**
 * Opens the live channel and keeps it open: after a drop it reconnects with backoff, resuming
 * behind the newest message seen; while the browser is offline it waits for the `online` event.
 * Every `hello` after the first means events may have been missed, so the live data is
 * refetched. Answers the function that closes it for good (logout, another member).
 */
export function startLive(
  queryClient: QueryClient,
  { socketClass = WebSocket, random = Math.random }: LiveOptions = {},
) {
  let socket: LiveSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let lastMessageId = 0;
  let greeted = false;
  let stopped = false;

  function receive(event: LiveEvent) {
    if (event.type === 'hello') {
      attempt = 0;
      lastMessageId = Math.max(lastMessageId, event.last_message_id);
      if (greeted) refetchLiveData(queryClient);
      greeted = true;
      return;
    }
    if (event.type === 'message') lastMessageId = Math.max(lastMessageId, event.message.id);
    applyLiveEvent(queryClient, event);
  }

  function connect() {
    clearTimeout(timer);
    if (stopped || socket || !navigator.onLine) return;
    const current = new socketClass(liveUrl(window.location, lastMessageId));
    socket = current;
    current.onopen = () => {
      if (socket === current) liveSocketOpened(current);
    };
    current.onmessage = (frame) => {
      const event = parseLiveEvent(frame.data);
      if (event && socket === current) receive(event);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      liveSocketClosed(current);
      // The login ended elsewhere: asking for the user now logs this tab out at once (403)
      // instead of at the next poll; a tab logged in again reconnects as after any drop.
      if (event.code === LIVE_CLOSE_SESSION_ENDED) void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      if (!navigator.onLine) return;
      // A process shutting down on purpose: the others are up, so no backoff.
      const delay =
        event.code === LIVE_CLOSE_SERVICE_RESTART ? restartDelay(random) : reconnectDelay(attempt++, random);
      timer = setTimeout(connect, delay);
    };
  }

  /** Closes the socket without the reconnect its close would schedule. */
  function disconnect() {
    clearTimeout(timer);
    const current = socket;
    socket = null;
    if (!current) return;
    liveSocketClosed(current);
    current.close();
  }

  window.addEventListener('online', connect);
  window.addEventListener('offline', disconnect);
  connect();
  return () => {
    stopped = true;
    window.removeEventListener('online', connect);
    window.removeEventListener('offline', disconnect);
    disconnect();
  };
}
