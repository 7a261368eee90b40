import {
  COUNTRIES,
  DEFAULT_LOCALE,
  LOCALES,
  TERMS_MIN_VERSION_DATE,
  VISIBLE_LANGUAGES_BY_COUNTRY,
  type Country,
  type Locale,
} from './constants.js';

/** Narrows any string to a locale the product ships. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Narrows any string to a country the site serves. */
export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

/**
 * Languages the dropdown offers a visitor from `country`. An unknown country sees them all,
 * so nobody is left without their language.
 */
export function visibleLanguages(country: string | null | undefined): readonly Locale[] {
  return isCountry(country) ? VISIBLE_LANGUAGES_BY_COUNTRY[country] : LOCALES;
}

/**
 * The locale to start in (spec section 4): the locale cookie when it names a supported locale,
 * else the domain's language when supported, else nl.
 */
export function initialLocale(
  cookieValue: string | null | undefined,
  domainLanguage: string | null | undefined,
): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  if (isLocale(domainLanguage)) return domainLanguage;
  return DEFAULT_LOCALE;
}

/**
 * The support phone as every answer and page shows and dials it (spec section 9): any dash or
 * space removed, also the en dashes and no-break spaces a number pasted from a document brings.
 * The one rule for it: site settings keep what the operator typed, and what shows them cleans.
 */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s\p{Pd}]/gu, '');
}

/** Version date of the terms: 2023-12-01 12:00 UTC, or the company's added date when later. */
export function termsVersionDate(companyAdded: string | null | undefined): Date {
  const min = new Date(TERMS_MIN_VERSION_DATE);
  const added = companyAdded ? new Date(companyAdded) : null;
  return added && !Number.isNaN(added.getTime()) && added > min ? added : min;
}

/** Badge text for a count: nothing at 0, the number up to 99, then 99+. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

export type Gender = 'male' | 'female';
/** Whom a member seeks, as the forms ask it; the contract stores it with the gender as a sexuality. */
export type Seeking = 'men' | 'women' | 'both';
export type Sexuality = 'hetero' | 'gay' | 'lesbian' | 'bi';

/** The sexuality of a member of `gender` who seeks `seeking`. */
export function sexualityFor(gender: Gender, seeking: Seeking): Sexuality {
  if (seeking === 'both') return 'bi';
  const seeksSame = (gender === 'male') === (seeking === 'men');
  if (!seeksSame) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}

/** Whom a member of this gender and sexuality seeks. */
export function seekingFor(gender: Gender, sexuality: Sexuality): Seeking {
  if (sexuality === 'bi') return 'both';
  const seeksMen = (gender === 'male') === (sexuality !== 'hetero');
  return seeksMen ? 'men' : 'women';
}

/** Mail providers whose addresses ignore dots in the local part and answer under both domains. */
const GMAIL_DOMAINS = ['gmail.com', 'googlemail.com'];

/**
 * The mailbox an address reaches, as members.email_key stores it: lowercase, the local part cut
 * at the first '+' (a tag the mailbox ignores), and for Gmail without dots under gmail.com. One
 * account per mailbox, so j.an+x@gmail.com cannot sign up next to jan@gmail.com. The same rule
 * as the backfill of migration 0016.
 */
export function emailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  const domain = at < 0 ? '' : lower.slice(at + 1);
  const local = (at < 0 ? lower : lower.slice(0, at)).split('+')[0] ?? '';
  if (GMAIL_DOMAINS.includes(domain)) return `${local.replace(/\./g, '')}@gmail.com`;
  return `${local}@${domain}`;
}
