import type { Locale } from '@app/shared';
import { useUser } from '../../data/user';
import { useUpdateLanguage } from '../../features/account/api/update-language';
import { switchLocale } from '../../data/settings';

/**
 * Switches the language (cookie, catalogues, <html lang>, the settings' texts) and saves it on a
 * logged-in member.
 */
export function useChangeLocale(): (locale: Locale) => Promise<void> {
  const user = useUser();
  const saveLanguage = useUpdateLanguage();
  return async (locale) => {
    await switchLocale(locale);
    // The switch has happened either way; a failed save leaves the old language for next time.
    if (user && user.language !== locale) await saveLanguage(locale).catch(() => undefined);
  };
}
