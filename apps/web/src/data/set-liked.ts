import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';
import { queryKeys } from './query-keys';
import type { LikeResponse, LikesResponse, ProfileCard } from '@app/shared';

/** POST /api/like.php (like) or DELETE (unlike); both are idempotent. */
export function setLiked(id: number, liked: boolean): Promise<LikeResponse> {
  return apiRequest<LikeResponse>('/api/like.php', { method: liked ? 'POST' : 'DELETE', body: { id } });
}

export interface LikeVariables {
  card: ProfileCard;
  liked: boolean;
}

/**
 * The likes lists as they will be after the call: a like joins the given list (and the matches
 * when the other liked the viewer too); an unlike leaves both.
 */
export function applyLiked(data: LikesResponse, card: ProfileCard, liked: boolean, match: boolean): LikesResponse {
  const given = data.profiles.filter((entry) => entry.id !== card.id);
  const matches = data.matches.filter((entry) => entry.id !== card.id);
  const received = data.liked_by.map((entry) => (entry.id === card.id ? { ...entry, match: liked } : entry));
  if (!liked) return { ...data, profiles: given, matches, liked_by: received };
  const likedBack = match || data.liked_by.some((entry) => entry.id === card.id);
  const entry = { id: card.id, like_new: true, match: likedBack, card };
  return {
    ...data,
    profiles: [entry, ...given],
    liked_by: received,
    matches: likedBack ? [{ ...entry, like_new: false }, ...matches] : matches,
  };
}

/** Whether the viewer likes member `id`, from the loaded likes; undefined while unknown. */
export function likesMember(data: LikesResponse | undefined, id: number): boolean | undefined {
  return data ? data.profiles.some((entry) => entry.id === id) : undefined;
}

/** The like received from `id` no longer new: the badge counts one less. */
export function applySeen(data: LikesResponse, id: number): LikesResponse {
  const wasNew = data.liked_by.some((entry) => entry.id === id && entry.like_new);
  if (!wasNew) return data;
  const seen = (entry: LikesResponse['liked_by'][number]) => (entry.id === id ? { ...entry, like_new: false } : entry);
  return {
    ...data,
    liked_by: data.liked_by.map(seen),
    matches: data.matches.map(seen),
    new_likes: Math.max(0, data.new_likes - 1),
  };
}

/** Marks the like from `id` seen in the cache, then reloads the likes for the server's word. */
export function markSeenInCache(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<LikesResponse>(queryKeys.likes, (data) => (data ? applySeen(data, id) : data));
  void queryClient.invalidateQueries({ queryKey: queryKeys.likes, exact: true });
}

function update(queryClient: QueryClient, card: ProfileCard, liked: boolean, match: boolean) {
  queryClient.setQueryData<LikesResponse>(queryKeys.likes, (data) =>
    data ? applyLiked(data, card, liked, match) : data,
  );
}

/**
 * Likes or unlikes a member at once in the cache (optimistic), rolled back when the server
 * refuses; the answer's `match` tells the caller to celebrate.
 */
export function useSetLiked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, liked }: LikeVariables) => setLiked(card.id, liked),
    onMutate: async ({ card, liked }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.likes, exact: true });
      const previous = queryClient.getQueryData<LikesResponse>(queryKeys.likes);
      update(queryClient, card, liked, false);
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.likes, context.previous);
    },
    onSuccess: (response, { card }) => update(queryClient, card, response.liked, response.match),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.likes, exact: true }),
  });
}
