import type { Locale } from '@app/shared';

/** A language the site can be shown in (spec section 3, locale entry). */
export interface LocaleEntry {
  code: Locale;
  /** BCP 47 tag for Intl and the html lang attribute. */
  iso: string;
  /** Folder of its catalogues under locales/. */
  file: string;
  /** The language's own name, as the dropdown shows it. */
  name: string;
}

export const LOCALE_ENTRIES: readonly LocaleEntry[] = [
  { code: 'nl', iso: 'nl-NL', file: 'nl', name: 'Nederlands' },
  { code: 'en', iso: 'en-GB', file: 'en', name: 'English' },
  { code: 'de', iso: 'de-DE', file: 'de', name: 'Deutsch' },
  { code: 'fr', iso: 'fr-FR', file: 'fr', name: 'Français' },
  { code: 'da', iso: 'da-DK', file: 'da', name: 'Dansk' },
  { code: 'es', iso: 'es-ES', file: 'es', name: 'Español' },
  { code: 'fi', iso: 'fi-FI', file: 'fi', name: 'Suomi' },
  { code: 'it', iso: 'it-IT', file: 'it', name: 'Italiano' },
  { code: 'no', iso: 'nb-NO', file: 'no', name: 'Norsk' },
  { code: 'pl', iso: 'pl-PL', file: 'pl', name: 'Polski' },
  { code: 'sv', iso: 'sv-SE', file: 'sv', name: 'Svenska' },
];

/**
 * Catalogue namespaces: `common` for the web app's shell and auth pages, `home` for the home
 * page, `signup` for the signup, password reset and reactivation forms (the signup fields also in
 * the members area's profile forms), `member` for
 * the pages of the members area, `landing` for the landing pages, `pages`
 * for the content pages (terms, privacy, ...), `complaints` for the complaints form, `errors`
 * for API error messages (server and client alike), `mail` for the e-mails only the server
 * writes, `settings` for the defaults of the operator's per-language texts (the server answers
 * them in settings.php), `admin` for the operator console (nl and en only, see NAMESPACE_LOCALES).
 * The server renders landers and content pages too, so it reads `landing` and `pages`.
 */
export const NAMESPACES = [
  'common',
  'home',
  'signup',
  'member',
  'landing',
  'pages',
  'complaints',
  'errors',
  'mail',
  'settings',
  'admin',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Namespaces kept in some languages only; every other namespace exists in every locale. The
 * operator console's team works in Dutch and English, so `admin` is written in those two (nl
 * first, as everywhere); i18next falls back to nl for any other page language.
 */
export const NAMESPACE_LOCALES: Partial<Record<Namespace, readonly Locale[]>> = { admin: ['nl', 'en'] };

/** The namespaces the web app loads before its first render; `mail` and `settings` are the server's alone. */
export const WEB_NAMESPACES = ['common'] as const satisfies readonly Namespace[];

/**
 * Loaded with the pages that need them (route-modules.ts), so a first visit to the home page
 * does not download the texts of the members area, the landers or the legal pages.
 */
export const LAZY_WEB_NAMESPACES = [
  'home',
  'signup',
  'member',
  'landing',
  'pages',
  'complaints',
  'admin',
  // The server words API errors itself; the web needs these texts only where it checks a form
  // before sending (complaints, direct debit).
  'errors',
] as const satisfies readonly Namespace[];
export type LazyWebNamespace = (typeof LAZY_WEB_NAMESPACES)[number];

export function localeEntry(code: Locale): LocaleEntry {
  return LOCALE_ENTRIES.find((l) => l.code === code) ?? LOCALE_ENTRIES[0]!;
}
