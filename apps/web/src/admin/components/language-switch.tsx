import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';

/** The console's languages: its team works in Dutch and English (nl first, the fallback). */
export const CONSOLE_LANGUAGES = ['nl', 'en'] as const;
type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

const STORAGE_KEY = 'amoria.admin.language';

function storedLanguage(): ConsoleLanguage | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'nl' || value === 'en' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Shows the console in nl or en: the language chosen in the console (kept in this browser, apart
 * from the site's locale cookie), else the page's language when it is one of those two, else nl.
 */
export function useConsoleLanguage(): void {
  useEffect(() => {
    const wanted = storedLanguage() ?? (i18n.language === 'en' ? 'en' : 'nl');
    if (i18n.language !== wanted) void i18n.changeLanguage(wanted);
  }, []);
}

/** Two toggle buttons, NL and EN. */
export function LanguageSwitch() {
  const { t, i18n: instance } = useTranslation('admin');
  function choose(language: ConsoleLanguage) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Private mode: the choice holds for this visit.
    }
    void instance.changeLanguage(language);
  }
  return (
    <div className="btn-group btn-group-sm" role="group" aria-label={t('language.label')}>
      {CONSOLE_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={`btn ${instance.language === language ? 'btn-secondary' : 'btn-outline-secondary'}`}
          aria-pressed={instance.language === language}
          onClick={() => choose(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </div>
  );
}
