import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { queryKeys } from '../../data/query-keys';

export interface ActivityCounts {
  unreadMessages: number;
  newLikes: number;
  newVisitors: number;
}

function listOf(data: unknown, field: string): unknown[] {
  const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[field] : undefined;
  return Array.isArray(value) ? value : [];
}

/** Total unread messages over the chat list (spec section 3: num_unread_messages per chat). */
export function countUnreadMessages(chats: unknown): number {
  return listOf(chats, 'chats').reduce<number>((sum, chat) => {
    const unread = (chat as { num_unread_messages?: unknown } | null)?.num_unread_messages;
    return sum + (typeof unread === 'number' && unread > 0 ? unread : 0);
  }, 0);
}

/**
 * New likes: the server's `new_likes` count over all received likes (the list holds one page
 * only); without it, the liked_by entries still flagged like_new (spec section 3).
 */
export function countNewLikes(likes: unknown): number {
  const count = likes && typeof likes === 'object' ? (likes as { new_likes?: unknown }).new_likes : undefined;
  if (typeof count === 'number' && count >= 0) return count;
  return listOf(likes, 'liked_by').filter((like) => (like as { like_new?: unknown } | null)?.like_new === true).length;
}

/** New visitors: the likes answer's `new_visitors` (the visitors badge rides on the likes poll). */
export function countNewVisitors(likes: unknown): number {
  const count = likes && typeof likes === 'object' ? (likes as { new_visitors?: unknown }).new_visitors : undefined;
  return typeof count === 'number' && count >= 0 ? count : 0;
}

/** A number derived from one query's cached data, re-read whenever the cache changes. */
function useCachedCount(queryKey: readonly unknown[], count: (data: unknown) => number): number {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => count(queryClient.getQueryData(queryKey)),
  );
}

/**
 * Unread messages, new likes and new visitors for the badges and the page title. The chats and likes
 * features load those lists (and the live channel updates them) under the shared query keys;
 * the shell only reads the cache. It holds no query observer: an observer without a query
 * function would hand the query its options, and the next refetch (polling, or the live
 * channel's invalidation) would fail for want of a function to call.
 */
export function useActivityCounts(): ActivityCounts {
  return {
    unreadMessages: useCachedCount(queryKeys.chats, countUnreadMessages),
    newLikes: useCachedCount(queryKeys.likes, countNewLikes),
    newVisitors: useCachedCount(queryKeys.likes, countNewVisitors),
  };
}
