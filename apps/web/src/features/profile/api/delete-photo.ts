import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import type { PhotoDeleteBody, PhotosResponse } from './contract';
import { applyPhotos } from './photos-cache';

/** DELETE /api/photos.php: removes a photo; the server picks a new main one when needed. */
export function deletePhoto(body: PhotoDeleteBody): Promise<PhotosResponse> {
  return apiRequest<PhotosResponse>('/api/photos.php', { method: 'DELETE', body });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: (data) => applyPhotos(queryClient, data),
  });
}
