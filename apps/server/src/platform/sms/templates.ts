import { DEFAULT_LOCALE, isLocale, type Locale } from '@app/shared';
import da from '@app/i18n/locales/da/mail.json' with { type: 'json' };
import de from '@app/i18n/locales/de/mail.json' with { type: 'json' };
import en from '@app/i18n/locales/en/mail.json' with { type: 'json' };
import es from '@app/i18n/locales/es/mail.json' with { type: 'json' };
import fi from '@app/i18n/locales/fi/mail.json' with { type: 'json' };
import fr from '@app/i18n/locales/fr/mail.json' with { type: 'json' };
import it from '@app/i18n/locales/it/mail.json' with { type: 'json' };
import nl from '@app/i18n/locales/nl/mail.json' with { type: 'json' };
import no from '@app/i18n/locales/no/mail.json' with { type: 'json' };
import pl from '@app/i18n/locales/pl/mail.json' with { type: 'json' };
import sv from '@app/i18n/locales/sv/mail.json' with { type: 'json' };

/** Text messages are worded from the mail catalogue: they go to the member as mails do. */
const TEXTS: Record<Locale, { sms_directdebit_code: string }> = { nl, en, de, fr, da, es, fi, it, no, pl, sv };

/** The text carrying a direct-debit confirmation code, in the member's language. */
export function directDebitCodeText(language: string, params: { site: string; code: string; minutes: number }): string {
  const template = TEXTS[isLocale(language) ? language : DEFAULT_LOCALE].sms_directdebit_code;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in params ? String(params[name as keyof typeof params]) : match,
  );
}
