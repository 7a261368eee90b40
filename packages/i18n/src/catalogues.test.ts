import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@app/shared';
import { LOCALE_ENTRIES, NAMESPACE_LOCALES, NAMESPACES } from './index.js';

type Catalogue = { [key: string]: string | Catalogue };

const localesDir = fileURLToPath(new URL('../locales', import.meta.url));

function load(locale: string, ns: string): Catalogue {
  return JSON.parse(readFileSync(`${localesDir}/${locale}/${ns}.json`, 'utf8')) as Catalogue;
}

/** Flattens a catalogue to dotted keys, so two catalogues compare key by key. */
function flatten(cat: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(cat)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * Whether a key is a plural form the locale's own rules need beyond nl's (Polish few and many,
 * French many, ...): allowed when nl has the same text as `_other`.
 */
function isOwnPluralForm(key: string, locale: string, reference: Map<string, string>): boolean {
  const match = PLURAL_SUFFIX.exec(key);
  if (!match) return false;
  const categories: string[] = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  return categories.includes(match[1]!) && reference.has(key.replace(PLURAL_SUFFIX, '_other'));
}

/** The {{placeholders}} a text interpolates; a translation must keep the same set. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
}

/** Texts of several words that may read the same in two languages: brand names and a slogan. */
const SHARED_TEXTS = new Set([
  'Apple Pay',
  'Carte Bancaire',
  'eps-Überweisung',
  'Swipe, like, match',
  '{{price}} per credit',
]);

/**
 * Whether a text may equal another language's text for the same key: placeholders and signs
 * only, a single word (cognates and loanwords such as Foto, Sport, Premium, Likes), or listed.
 */
function mayReadTheSame(text: string): boolean {
  const words = text.replace(/\{\{[^}]*\}\}/g, ' ').match(/\p{L}+(?:-\p{L}+)*/gu) ?? [];
  return words.length <= 1 || SHARED_TEXTS.has(text);
}

describe('locale entries', () => {
  it('cover every shipped locale once', () => {
    expect(LOCALE_ENTRIES.map((l) => l.code).sort()).toEqual([...LOCALES].sort());
  });
});

describe.each(NAMESPACES)('the %s catalogues', (ns) => {
  const reference = flatten(load('nl', ns));
  // A namespace kept in some languages only (the operator console's: nl and en) is held to those.
  const locales = NAMESPACE_LOCALES[ns] ?? LOCALES;

  it('exist in exactly the languages the namespace is kept in', () => {
    const present = LOCALES.filter((locale) => existsSync(`${localesDir}/${locale}/${ns}.json`));
    expect(present.sort()).toEqual([...locales].sort());
  });

  it('exist in nl, the fallback, with texts', () => {
    expect(reference.size).toBeGreaterThan(0);
  });

  it('hold only the plural forms each language has', () => {
    for (const locale of locales) {
      const categories: string[] = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const foreign = [...flatten(load(locale, ns)).keys()].filter((k) => {
        const match = PLURAL_SUFFIX.exec(k);
        return match !== null && !categories.includes(match[1]!);
      });
      expect(foreign, locale).toEqual([]);
    }
  });

  it.each(locales.filter((l) => l !== 'nl'))('are complete in %s', (locale) => {
    expect(existsSync(`${localesDir}/${locale}/${ns}.json`)).toBe(true);
    const catalogue = flatten(load(locale, ns));
    const missing = [...reference.keys()].filter((k) => !catalogue.has(k));
    const extra = [...catalogue.keys()].filter((k) => !reference.has(k) && !isOwnPluralForm(k, locale, reference));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    for (const [key, text] of catalogue) {
      const source = reference.get(key) ?? reference.get(key.replace(PLURAL_SUFFIX, '_other'))!;
      expect(text.trim(), `${locale} ${key}`).not.toBe('');
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(source));
    }
  });

  // A text left in Dutch, or in English (the stand-in language while translating), is untranslated.
  it.each(locales.filter((l) => l !== 'nl'))('are translated in %s, not left in Dutch or English', (locale) => {
    const english = flatten(load('en', ns));
    const untranslated: string[] = [];
    for (const [key, text] of flatten(load(locale, ns))) {
      const base = key.replace(PLURAL_SUFFIX, '_other');
      const sources = [reference.get(key) ?? reference.get(base)];
      if (locale !== 'en') sources.push(english.get(key) ?? english.get(base));
      if (sources.includes(text) && !mayReadTheSame(text)) untranslated.push(`${key}: ${text}`);
    }
    expect(untranslated).toEqual([]);
  });
});

/**
 * French texts address the member as "vous"; "tu" belongs only to what one member writes to
 * another (icebreakers, the message on a member landing), where it is the natural tone.
 */
const FRENCH_INFORMAL_KEYS = ['member:chat.icebreakers.openers.', 'landing:memberLanding.landing2.message'];

/** "tu", "te", "toi" and the possessives as whole words, and the elided "t'" before a word. */
const FRENCH_INFORMAL = /(?<!\p{L})(?:tu|te|toi|ton|ta|tes)(?!\p{L})|(?<!\p{L})t['’](?=\p{L})/iu;

describe('the French catalogues', () => {
  it('address the member as vous, outside what members write to each other', () => {
    const informal = NAMESPACES.filter((ns) => (NAMESPACE_LOCALES[ns] ?? LOCALES).includes('fr')).flatMap((ns) =>
      [...flatten(load('fr', ns))]
        .filter(([key]) => !FRENCH_INFORMAL_KEYS.some((allowed) => `${ns}:${key}`.startsWith(allowed)))
        .filter(([, text]) => FRENCH_INFORMAL.test(text.replace(/\{\{[^}]*\}\}/g, ' ')))
        .map(([key, text]) => `${ns}:${key}: ${text}`),
    );
    expect(informal).toEqual([]);
  });
});
