import { LAZY_WEB_NAMESPACES, localeEntry, WEB_NAMESPACES, type LazyWebNamespace } from '@app/i18n';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@app/shared';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeCookie } from './cookies';

// One lazily loaded chunk per catalogue file, so a visitor downloads only their language
// (plus nl, the fallback).
const catalogues = import.meta.glob<ResourceKey>(
  '../../../../packages/i18n/locales/*/{common,home,signup,member,landing,pages,complaints,errors,admin}.json',
  {
    import: 'default',
  },
);

function loadCatalogue(locale: string, namespace: string): Promise<ResourceKey> {
  const load = catalogues[`../../../../packages/i18n/locales/${localeEntry(locale as Locale).file}/${namespace}.json`];
  // A catalogue that does not exist yet falls back to nl key by key.
  return load ? load() : Promise.resolve({});
}

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadCatalogue(language, namespace).then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

/** The app's i18next instance. */
export const i18n = i18next.createInstance();

// <html lang> carries the locale code itself (nl, en, de, ...), as the site's URLs and cookie do.
i18n.on('languageChanged', (language) => {
  if (isLocale(language)) document.documentElement.lang = language;
});

/** Starts i18n in `locale` and resolves once its catalogues (and nl's) are loaded. */
export async function initI18n(locale: Locale): Promise<void> {
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALES,
      ns: WEB_NAMESPACES,
      defaultNS: 'common',
      // Members-area texts answer through the same t() once their namespace is loaded.
      fallbackNS: LAZY_WEB_NAMESPACES,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      showSupportNotice: false,
    });
}

/**
 * Loads a lazily loaded namespace's texts (in the current language and nl); later language
 * switches load it too, as i18next keeps every namespace it has loaded.
 */
export async function loadTexts(namespace: LazyWebNamespace): Promise<void> {
  // The first page's chunk starts loading with the router, before i18n knows its language.
  if (!i18n.isInitialized) await new Promise<void>((resolve) => i18n.on('initialized', () => resolve()));
  await i18n.loadNamespaces(namespace);
}

/** Loads the members-area texts (see loadTexts), with the signup texts its profile forms share. */
export async function loadMemberTexts(): Promise<void> {
  await Promise.all([loadTexts('member'), loadTexts('signup')]);
}

/** The locale the site is shown in now. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/**
 * Switches the site's language: remembers it in the locale cookie for 365 days and loads its
 * catalogues; <html lang> follows through the languageChanged listener. Saving it on the
 * member is the caller's part, as only the caller knows whether someone is logged in.
 */
export async function setLocale(locale: Locale): Promise<void> {
  document.cookie = localeCookie(locale, window.location.protocol === 'https:');
  await i18n.changeLanguage(locale);
}

/** Formats a date with Intl in the current locale (nl by default). */
export function formatDate(date: Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return new Intl.DateTimeFormat(localeEntry(currentLocale()).iso, options).format(date);
}
