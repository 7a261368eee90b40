import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import type { PhotosResponse } from './contract';
import { applyPhotos } from './photos-cache';

/** POST /api/photos.php: one image as multipart field `file`; the server judges it by content. */
export function uploadPhoto(file: File): Promise<PhotosResponse> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<PhotosResponse>('/api/photos.php', { method: 'POST', body });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (data) => applyPhotos(queryClient, data),
  });
}
