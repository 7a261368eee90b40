import type { Locale, UserLanguageBody, UserResponse } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { apiCommand } from '../../../lib/api';
import { queryKeys } from '../../../data/query-keys';

/** PUT /api/user.php {language}: saves the member's language (members only). */
export function updateLanguage(language: Locale): Promise<void> {
  const body: UserLanguageBody = { language };
  return apiCommand('/api/user.php', { method: 'PUT', body });
}

/**
 * Saves the language and updates the cached member. A plain call, not useMutation: the language
 * menu is part of the app shell, which every first load carries.
 */
export function useUpdateLanguage(): (language: Locale) => Promise<void> {
  const queryClient = useQueryClient();
  return async (language) => {
    await updateLanguage(language);
    queryClient.setQueryData<UserResponse>(queryKeys.user, (current) =>
      current?.user ? { user: { ...current.user, language } } : current,
    );
  };
}
