import type {} from '@fastify/cookie';
import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';
import { localeEntry } from '@app/i18n';
import { DEFAULT_LOCALE, LOCALE_COOKIE, initialLocale, isLocale, type Locale } from '@app/shared';
import da from '@app/i18n/locales/da/errors.json' with { type: 'json' };
import de from '@app/i18n/locales/de/errors.json' with { type: 'json' };
import en from '@app/i18n/locales/en/errors.json' with { type: 'json' };
import es from '@app/i18n/locales/es/errors.json' with { type: 'json' };
import fi from '@app/i18n/locales/fi/errors.json' with { type: 'json' };
import fr from '@app/i18n/locales/fr/errors.json' with { type: 'json' };
import it from '@app/i18n/locales/it/errors.json' with { type: 'json' };
import nl from '@app/i18n/locales/nl/errors.json' with { type: 'json' };
import no from '@app/i18n/locales/no/errors.json' with { type: 'json' };
import pl from '@app/i18n/locales/pl/errors.json' with { type: 'json' };
import sv from '@app/i18n/locales/sv/errors.json' with { type: 'json' };
import type { MessageParams } from '../errors.js';

/**
 * The errors catalogues the web app uses too, so a message reads the same whether the server
 * or the client words it. Bundled at import: they are small and never change at run time.
 */
const CATALOGUES: Record<Locale, Record<string, string>> = { nl, en, de, fr, da, es, fi, it, no, pl, sv };

/** Norwegian arrives as nb or nn from browsers; the catalogue is 'no'. */
const ALIASES: Record<string, Locale> = { nb: 'no', nn: 'no' };

/**
 * Picks the first supported language of an Accept-Language header by quality, or null.
 * Only the primary subtag counts: de-AT is de.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => /^\s*q=([\d.]+)\s*$/.exec(a)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.tag && e.q > 0 && !Number.isNaN(e.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0] ?? '';
    const locale = ALIASES[primary] ?? primary;
    if (isLocale(locale)) return locale;
  }
  return null;
}

/** The language to answer a request in: the locale cookie, else Accept-Language, else nl. */
export function requestLocale(request: FastifyRequest): Locale {
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE;
}

/** Whether the errors catalogue has a text for `key`. */
export function hasMessage(key: string): boolean {
  return key in CATALOGUES[DEFAULT_LOCALE];
}

/**
 * A message of the errors catalogue in `locale`, falling back to nl (the fallback locale) and
 * finally to the key itself; {{name}} placeholders are filled from `params`.
 */
export function translate(locale: Locale, key: string, params: MessageParams = {}): string {
  return interpolate(CATALOGUES[locale][key] ?? CATALOGUES[DEFAULT_LOCALE][key] ?? key, params);
}

/** A catalogue as stored: texts, nested objects and lists. */
export type CatalogueNode = string | CatalogueNode[] | { [key: string]: CatalogueNode };

const require = createRequire(import.meta.url);

/**
 * The namespaces of the texts the server writes itself: landers and content pages, the member
 * namespace's README of the data export, and the defaults of the operator's per-language texts.
 */
export type PageNamespace = 'landing' | 'pages' | 'member' | 'settings';

const PAGE_CATALOGUES = new Map<string, CatalogueNode>();

/** A page namespace's catalogue in `locale`; read once, then kept (they never change while running). */
export function pageCatalogue(locale: Locale, namespace: PageNamespace): CatalogueNode {
  const key = `${locale}/${namespace}`;
  let catalogue = PAGE_CATALOGUES.get(key);
  if (!catalogue) {
    catalogue = require(`@app/i18n/locales/${localeEntry(locale).file}/${namespace}.json`) as CatalogueNode;
    PAGE_CATALOGUES.set(key, catalogue);
  }
  return catalogue;
}

/** The node at a dotted key, or undefined. */
export function catalogueAt(catalogue: CatalogueNode, key: string): CatalogueNode | undefined {
  let node: CatalogueNode | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Array.isArray(node) ? node[Number(part)] : node[part];
  }
  return node;
}

/**
 * A text of a page namespace in `locale`, falling back to nl like the web app does, with its
 * {{placeholders}} filled; undefined when neither has the key.
 */
export function pageText(
  locale: Locale,
  namespace: PageNamespace,
  key: string,
  params: MessageParams = {},
): string | undefined {
  const text =
    catalogueAt(pageCatalogue(locale, namespace), key) ?? catalogueAt(pageCatalogue(DEFAULT_LOCALE, namespace), key);
  return typeof text === 'string' ? interpolate(text, params) : undefined;
}

/** Fills {{name}} placeholders from `params`, leaving unknown ones as they are. */
export function interpolate(text: string, params: MessageParams): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/**
 * The language a page opens in, as the web app chooses it (spec section 4): the locale cookie,
 * else the domain's language.
 */
export function pageLocale(request: FastifyRequest, domainLanguage: Locale): Locale {
  return initialLocale(request.cookies?.[LOCALE_COOKIE], domainLanguage);
}
