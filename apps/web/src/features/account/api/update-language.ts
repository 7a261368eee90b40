import type { Locale, UserLanguageBody, UserResponse } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCommand } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/user.php {language}: saves the member's language (members only). */
export function updateLanguage(language: Locale): Promise<void> {
  const body: UserLanguageBody = { language };
  return apiCommand('/api/user.php', { method: 'PUT', body });
}

export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: (_data, language) => {
      queryClient.setQueryData<UserResponse>(queryKeys.user, (current) =>
        current?.user ? { user: { ...current.user, language } } : current,
      );
    },
  });
}
