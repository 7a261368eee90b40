import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PhotoReviewQueueResponse } from '@app/shared';
import { adminRequest } from './admin-request';
import { contentKeys } from './content-keys';

/** GET /api/admin/photo-review.php?after=: photos waiting for review, oldest first, a page at a time. */
export function getPhotoReview(after?: string): Promise<PhotoReviewQueueResponse> {
  // The cursor holds a time with a space and a '+': URLSearchParams encodes both.
  const query = after === undefined ? '' : `?${new URLSearchParams({ after })}`;
  return adminRequest<PhotoReviewQueueResponse>(`/api/admin/photo-review.php${query}`);
}

export function photoReviewQueryOptions() {
  return infiniteQueryOptions({
    queryKey: contentKeys.photoReview,
    queryFn: ({ pageParam }) => getPhotoReview(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function usePhotoReview() {
  return useInfiniteQuery(photoReviewQueryOptions());
}
