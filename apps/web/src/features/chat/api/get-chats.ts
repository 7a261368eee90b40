import { queryOptions, useQuery } from '@tanstack/react-query';
import { useUser } from '../../../data/user';
import { pollInterval, usePollingState } from '../../../data/polling';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { ChatsResponse } from './contract';

/** GET /api/chats.php: the member's chats, newest message first. */
export function getChats(signal?: AbortSignal): Promise<ChatsResponse> {
  return apiRequest<ChatsResponse>('/api/chats.php', { signal });
}

/** The chat list, shared with the top bar's unread badge and the page title. */
export const chatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.chats,
    queryFn: ({ signal }) => getChats(signal),
  });

/** The chats of a logged-in member; visitors never load them. */
export function useChats() {
  const loggedIn = useUser() !== null;
  return useQuery({ ...chatsQueryOptions(), enabled: loggedIn });
}

/**
 * Keeps the chats fresh as the spec's polling asks (every 60 s, 300 s with push, from 5 s
 * after the start); mounted once, for logged-in members, so one timer polls.
 */
export function useChatsPolling(): void {
  const loggedIn = useUser() !== null;
  const polling = usePollingState();
  useQuery({
    ...chatsQueryOptions(),
    enabled: loggedIn,
    refetchInterval: pollInterval({ loggedIn, ...polling }),
  });
}
