import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import type { PhotosResponse, PhotosUpdateBody } from './contract';
import { applyPhotos } from './photos-cache';

/** PUT /api/photos.php: choose the main photo (`main`) or put every photo in a new `order`. */
export function updatePhotos(body: PhotosUpdateBody): Promise<PhotosResponse> {
  return apiRequest<PhotosResponse>('/api/photos.php', { method: 'PUT', body });
}

export function useUpdatePhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhotos,
    onSuccess: (data) => applyPhotos(queryClient, data),
  });
}
