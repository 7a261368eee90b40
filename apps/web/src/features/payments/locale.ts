import { localeEntry } from '@app/i18n';
import { currentLocale } from '../../lib/i18n';

/** The BCP 47 tag Intl formats money, numbers and dates with in the site's current language. */
export function intlLocale(): string {
  return localeEntry(currentLocale()).iso;
}
