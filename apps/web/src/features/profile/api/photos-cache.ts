import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../data/query-keys';
import type { PhotosResponse, ProfileResponse } from './contract';

/**
 * Every photo call answers the member's photos: they replace those of the cached profile, and
 * the user query is refreshed because user.profile.main_image may have changed with them, and the
 * verification state because the badge may have gone with a deleted photo.
 */
export function applyPhotos(queryClient: QueryClient, data: PhotosResponse): void {
  queryClient.setQueryData<ProfileResponse>(queryKeys.profile, (current) =>
    current ? { profile: { ...current.profile, photos: data.photos } } : current,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.user });
  // The badge goes with the photo it was checked against.
  void queryClient.invalidateQueries({ queryKey: queryKeys.verification });
}
