import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';
import type { ProfileResponse, ProfileUpdateBody } from './contract';

/** PUT /api/profile.php: changes only the fields sent; null clears an optional one. */
export function updateProfile(body: ProfileUpdateBody): Promise<ProfileResponse> {
  return apiRequest<ProfileResponse>('/api/profile.php', { method: 'PUT', body });
}

/**
 * Saves a section of the profile. The answer is the whole profile, so the cache takes it as
 * is; the user query is refreshed too, since the top bar shows the name and country from it.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      queryClient.setQueryData<ProfileResponse>(queryKeys.profile, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}
