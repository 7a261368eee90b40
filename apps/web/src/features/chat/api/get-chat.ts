import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { ChatResponse } from './contract';

/** Which conversation to read: by its id (a page older than `before`), or the one with a member. */
export type ChatQuery = { id: number; before?: number | null } | { member_id: number };

/** GET /api/chat.php: one page of a conversation's messages, newest first, with the partner. */
export function getChat(query: ChatQuery, signal?: AbortSignal): Promise<ChatResponse> {
  const params = new URLSearchParams();
  if ('member_id' in query) params.set('member_id', String(query.member_id));
  else {
    params.set('id', String(query.id));
    if (query.before) params.set('before', String(query.before));
  }
  return apiRequest<ChatResponse>(`/api/chat.php?${params.toString()}`, { signal });
}

/**
 * A conversation as an infinite query: the newest page first, each page's messages newest
 * first, older pages by the `before` id the previous page answered. The live channel adds
 * arriving messages to the first page.
 */
export const chatQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.chat(id),
    queryFn: ({ pageParam, signal }) => getChat({ id, before: pageParam }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });

export function useChat(id: number) {
  return useInfiniteQuery(chatQueryOptions(id));
}

/** The conversation with a member, for /members/:id/chat: its id is null until the first message. */
export const chatWithMemberQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: queryKeys.chatWithMember(memberId),
    queryFn: ({ signal }) => getChat({ member_id: memberId }, signal),
  });

export function useChatWithMember(memberId: number) {
  return useQuery(chatWithMemberQueryOptions(memberId));
}
