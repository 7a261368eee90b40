import type { UserResponse } from '@app/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../data/query-keys';
import type { ChatEntry, ChatMessage, ChatResponse, ChatsResponse, SendMessageResponse } from './contract';

/** A conversation in the cache under queryKeys.chat(id): pages newest first, each newest message first. */
export type ChatPages = InfiniteData<ChatResponse, number | null>;

/** Where a message goes: an existing conversation, or a member not written to before. */
export type ChatTarget = { conversation_id: number } | { member_id: number };

/**
 * The conversation with `message` on its newest page (once: the live channel may have put it
 * there first), and with the sender's free messages left when the send answered them.
 */
export function withMessage(data: ChatPages, message: ChatMessage, freeMessagesLeft?: number): ChatPages {
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const known = first.messages.some((existing) => existing.id === message.id);
  const page: ChatResponse = {
    ...first,
    messages: known ? first.messages : [message, ...first.messages],
    free_messages_left: freeMessagesLeft ?? first.free_messages_left,
  };
  return { ...data, pages: [page, ...rest] };
}

/** The chat list with the conversation's unread count at 0 (the member is reading it). */
export function withoutUnread(data: ChatsResponse, conversationId: number): ChatsResponse {
  const unread = data.chats.some((chat) => chat.id === conversationId && chat.num_unread_messages > 0);
  if (!unread) return data;
  return {
    chats: data.chats.map((chat) => (chat.id === conversationId ? { ...chat, num_unread_messages: 0 } : chat)),
  };
}

/** The chat list without a deleted conversation. */
export function withoutChat(data: ChatsResponse, conversationId: number): ChatsResponse {
  return { chats: data.chats.filter((chat) => chat.id !== conversationId) };
}

/**
 * The chat list after the member sent `message`: its chat first, with the message as its
 * preview; null when the chat is not in the list yet (a new conversation needs the server's entry).
 */
export function withSentMessage(data: ChatsResponse, message: ChatMessage): ChatsResponse | null {
  const entry = data.chats.find((chat) => chat.id === message.conversation_id);
  if (!entry) return null;
  const updated: ChatEntry = {
    ...entry,
    last_message: {
      body: message.kind === 'text' ? message.body : '',
      kind: message.kind,
      from_me: true,
      at: message.at,
    },
  };
  return { chats: [updated, ...data.chats.filter((chat) => chat.id !== entry.id)] };
}

/** The member's balance in the user cache, as a send or the live channel answered it. */
export function setCredits(queryClient: QueryClient, credits: number): void {
  queryClient.setQueryData<UserResponse>(queryKeys.user, (data) =>
    data?.user ? { ...data, user: { ...data.user, credits } } : data,
  );
}

/** Marks a conversation read in the chat list, so the unread badges drop at once. */
export function markReadInCache(queryClient: QueryClient, conversationId: number): void {
  queryClient.setQueryData<ChatsResponse>(queryKeys.chats, (data) =>
    data ? withoutUnread(data, conversationId) : data,
  );
}

/**
 * Puts a sent message where every view of it reads: the conversation (started from the
 * member's chat page, the conversation is seeded from that page, whose id then leads the page
 * to /chats/<id>), the chat list and the member's balance.
 */
export function applySent(queryClient: QueryClient, target: ChatTarget, response: SendMessageResponse): void {
  const { message, credits, free_messages_left: freeMessagesLeft } = response;
  const id = message.conversation_id;
  const conversation = queryClient.getQueryData<ChatPages>(queryKeys.chat(id));
  if (conversation) {
    queryClient.setQueryData<ChatPages>(queryKeys.chat(id), withMessage(conversation, message, freeMessagesLeft));
  } else if ('member_id' in target) {
    const started = queryClient.getQueryData<ChatResponse>(queryKeys.chatWithMember(target.member_id));
    if (started) {
      const page: ChatResponse = {
        ...started,
        id,
        messages: [message, ...started.messages],
        free_messages_left: freeMessagesLeft,
      };
      queryClient.setQueryData<ChatPages>(queryKeys.chat(id), { pages: [page], pageParams: [null] });
      queryClient.setQueryData<ChatResponse>(queryKeys.chatWithMember(target.member_id), page);
    }
  }

  const chats = queryClient.getQueryData<ChatsResponse>(queryKeys.chats);
  const updated = chats ? withSentMessage(chats, message) : null;
  if (updated) queryClient.setQueryData<ChatsResponse>(queryKeys.chats, updated);
  else void queryClient.invalidateQueries({ queryKey: queryKeys.chats, exact: true });

  setCredits(queryClient, credits);
}
