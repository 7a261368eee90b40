import { queryOptions, useQuery } from '@tanstack/react-query';
import { useUser } from './user';
import { pollInterval, usePollingState } from './polling';
import { apiRequest } from '../lib/api';
import { queryKeys } from './query-keys';
import type { LikesList, LikesResponse } from '@app/shared';

/** GET /api/likes.php: the first page of every list, or with `list` and `before` the next page of one. */
export function getLikes(page?: { list: LikesList; before: string }, signal?: AbortSignal): Promise<LikesResponse> {
  const query = page ? `?${new URLSearchParams(page).toString()}` : '';
  return apiRequest<LikesResponse>(`/api/likes.php${query}`, { signal });
}

/** The first pages, shared with the top bar's new-likes badge and the page title. */
export const likesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.likes,
    queryFn: ({ signal }) => getLikes(undefined, signal),
  });

/** The likes of a logged-in member; visitors never load them. */
export function useLikes() {
  const loggedIn = useUser() !== null;
  return useQuery({ ...likesQueryOptions(), enabled: loggedIn });
}

/**
 * Keeps the likes fresh as the spec's polling asks (every 60 s, 300 s with push, from 5 s
 * after the start); mounted once, for logged-in members, so one timer polls.
 */
export function useLikesPolling(): void {
  const loggedIn = useUser() !== null;
  const polling = usePollingState();
  useQuery({
    ...likesQueryOptions(),
    enabled: loggedIn,
    refetchInterval: pollInterval({ loggedIn, ...polling }),
  });
}
