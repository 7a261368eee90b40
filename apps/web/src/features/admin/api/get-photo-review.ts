import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhotoReviewQueueResponse } from '@app/shared';
import { adminRequest } from './admin-request';
import { contentKeys } from './content-keys';

/** GET /api/admin/photo-review.php: photos waiting for review, oldest first (first page). */
export function getPhotoReview(): Promise<PhotoReviewQueueResponse> {
  return adminRequest<PhotoReviewQueueResponse>('/api/admin/photo-review.php');
}

export function photoReviewQueryOptions() {
  return queryOptions({ queryKey: contentKeys.photoReview, queryFn: getPhotoReview });
}

export function usePhotoReview() {
  return useQuery(photoReviewQueryOptions());
}
