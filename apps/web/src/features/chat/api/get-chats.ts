import { POLL_START_DELAY } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useUser } from '../../account/api/get-user';
import { pollInterval } from '../../account/rules';
import { apiRequest } from '../../../lib/api';
import { pushSubscriptionQueryOptions } from '../../../lib/push';
import { queryKeys } from '../../../lib/query-keys';
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
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), POLL_START_DELAY);
    return () => clearTimeout(timer);
  }, []);
  const pushSubscribed = useQuery(pushSubscriptionQueryOptions()).data ?? false;
  useQuery({
    ...chatsQueryOptions(),
    enabled: loggedIn,
    refetchInterval: pollInterval({ loggedIn, pushSubscribed, started }),
  });
}
