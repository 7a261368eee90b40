import type { QueryClient } from '@tanstack/react-query';
import { likesQueryOptions } from '../data/likes';
import { anyLanguageSettings } from '../data/settings';
import { userQueryOptions } from '../data/user';
import { chatQueryOptions, chatWithMemberQueryOptions } from '../features/chat/api/get-chat';
import { chatsQueryOptions } from '../features/chat/api/get-chats';
import { parseChatId } from '../features/chat/rules';
import { searchMembersQueryOptions } from '../features/search/api/search-members';
import { filtersFromParams, visitorMaySearch } from '../features/search/rules';

/*
 * The member pages' first data, asked for by their routes' loaders at navigation, beside the
 * page's chunk rather than after it has rendered: the same query options the pages read, so
 * the page finds the answer (or the request in flight) in the cache. None is awaited: a page
 * whose data is slower than its code shows its skeleton, as it would without this.
 */

/** /members: the first page of the search the URL's query describes, as the page derives it. */
export async function prefetchMembers(url: URL, queryClient: QueryClient): Promise<void> {
  const [{ settings }, { user }] = await Promise.all([
    anyLanguageSettings(),
    queryClient.ensureQueryData(userQueryOptions()),
  ]);
  if (user === null && !visitorMaySearch(settings)) return;
  void queryClient.prefetchInfiniteQuery(searchMembersQueryOptions(filtersFromParams(url.searchParams, settings)));
}

/** /likes and its tabs: the first page of every list. */
export function prefetchLikes(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(likesQueryOptions());
}

/** /chats: the chat list. */
export function prefetchChats(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(chatsQueryOptions());
}

/** /chats/:id: the conversation's newest messages, and the list beside it. */
export function prefetchChat(param: string | undefined, queryClient: QueryClient): void {
  const id = parseChatId(param);
  if (id !== null) void queryClient.prefetchInfiniteQuery(chatQueryOptions(id));
  prefetchChats(queryClient);
}

/** /members/:id/chat: the conversation with that member, and the list beside it. */
export function prefetchChatWithMember(param: string | undefined, queryClient: QueryClient): void {
  const memberId = parseChatId(param);
  if (memberId !== null) void queryClient.prefetchQuery(chatWithMemberQueryOptions(memberId));
  prefetchChats(queryClient);
}
