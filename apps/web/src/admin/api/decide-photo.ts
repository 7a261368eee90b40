import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PhotoReviewDecisionBody, PhotoReviewQueueResponse } from '@app/shared';
import { adminRequest } from './admin-request';
import { contentKeys } from './content-keys';

/** POST /api/admin/photo-review.php: approves or rejects (deletes) a waiting photo. */
export function decidePhoto(body: PhotoReviewDecisionBody): Promise<{ ok: true }> {
  return adminRequest<{ ok: true }>('/api/admin/photo-review.php', { method: 'POST', body });
}

export function useDecidePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decidePhoto,
    onSuccess: (_data, body) => {
      // The decided photo leaves the grid at once; each page keeps its cursor, so the next
      // page still starts after the last photo loaded.
      client.setQueryData<InfiniteData<PhotoReviewQueueResponse, string | undefined>>(
        contentKeys.photoReview,
        (queue) =>
          queue && {
            ...queue,
            pages: queue.pages.map((page) => ({
              ...page,
              photos: page.photos.filter((p) => p.id !== body.photo_id),
            })),
          },
      );
    },
  });
}
