import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhotosResponse, SiteProfilePhotosBody, SiteProfileResponse } from '@app/shared';
import { adminRequest } from './admin-request';
import { contentKeys } from './content-keys';

/** POST /api/admin/site-profile-photo.php?id=: uploads a photo (multipart, field `file`). */
export function uploadSiteProfilePhoto({ id, file }: { id: number; file: Blob }): Promise<PhotosResponse> {
  const body = new FormData();
  body.append('file', file);
  return adminRequest<PhotosResponse>(`/api/admin/site-profile-photo.php?id=${id}`, { method: 'POST', body });
}

/**
 * POST /api/admin/site-profile-photos.php: puts every photo in a new order. The first one is
 * sent as the main photo too, so the profile's picture is always the photo shown first.
 */
export function arrangeSiteProfilePhotos({ id, order }: { id: number; order: number[] }): Promise<PhotosResponse> {
  const body: SiteProfilePhotosBody = { id, order, main: order[0] };
  return adminRequest<PhotosResponse>('/api/admin/site-profile-photos.php', { method: 'POST', body });
}

/** POST /api/admin/site-profile-photo-delete.php: deletes a photo and its files. */
export function deleteSiteProfilePhoto({ id, photoId }: { id: number; photoId: number }): Promise<PhotosResponse> {
  return adminRequest<PhotosResponse>('/api/admin/site-profile-photo-delete.php', {
    method: 'POST',
    body: { id, photo_id: photoId },
  });
}

/** One of the photo calls above; the answer's photos replace the profile's in the cache. */
export function useSiteProfilePhotoCall<V extends { id: number }>(call: (vars: V) => Promise<PhotosResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ photos }, { id }) => {
      client.setQueryData<SiteProfileResponse>(
        contentKeys.siteProfile(id),
        (data) => data && { profile: { ...data.profile, photos } },
      );
      void client.invalidateQueries({ queryKey: contentKeys.siteProfiles });
    },
  });
}
