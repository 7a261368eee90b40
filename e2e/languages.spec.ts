import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { newConfirmedMember, skipEntryWarning } from './helpers';

const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nl', 'no', 'pl', 'sv'] as const;
type Locale = (typeof LOCALES)[number];

const catalogues = new URL('../packages/i18n/locales/', import.meta.url);

/** Every text of a locale's catalogues. */
function texts(locale: Locale): string[] {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const file of readdirSync(new URL(`${locale}/`, catalogues))) {
    walk(JSON.parse(readFileSync(new URL(`${locale}/${file}`, catalogues), 'utf8')));
  }
  return out;
}

/**
 * The texts that would betray a page left in another language: whole sentences of a few words,
 * without placeholders (which the page fills in), that the locale itself does not use.
 */
function foreignTexts(locale: Locale): string[] {
  const own = new Set(texts(locale));
  const others = locale === 'en' ? ['nl'] : locale === 'nl' ? ['en'] : ['nl', 'en'];
  return [
    ...new Set(
      others
        .flatMap((other) => texts(other as Locale))
        .filter((text) => !text.includes('{{') && !own.has(text) && text.split(/\s+/).length >= 3),
    ),
  ];
}

/** The dotted keys of the nl catalogues, which i18next shows in place of a missing text. */
function keys(): string[] {
  const out: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
    } else if (path.split('.').length >= 2) out.push(path);
  };
  for (const file of readdirSync(new URL('nl/', catalogues))) {
    walk(JSON.parse(readFileSync(new URL(`nl/${file}`, catalogues), 'utf8')), '');
  }
  return out;
}
const KEYS = keys();

/** Fails with the page's foreign sentences, or i18next keys shown instead of texts, if any. */
async function expectAllIn(page: Page, locale: Locale, foreign: string[]): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const shown = await page.locator('body').innerText();
  expect(
    foreign.filter((text) => shown.includes(text)),
    page.url(),
  ).toEqual([]);
  expect(
    KEYS.filter((key) => shown.includes(key)),
    page.url(),
  ).toEqual([]);
}

/** The lander slug of a locale for the general niche (spec section 2: en becomes eng). */
const slug = (locale: Locale) => (locale === 'en' ? 'eng' : locale);

test.describe('all eleven languages', () => {
  for (const locale of LOCALES) {
    test(`the main pages show no untranslated text in ${locale}`, async ({ page, context, baseURL }) => {
      test.slow();
      const foreign = foreignTexts(locale);
      await skipEntryWarning(page);
      await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);

      for (const path of ['/', '/login', '/signup', '/pages/faq', '/complaints', `/landers/gallery/${slug(locale)}`]) {
        await page.goto(path);
        await expectAllIn(page, locale, foreign);
      }

      await newConfirmedMember(page, {
        email: `lang-${locale}-${Date.now()}@example.com`,
        password: 'talen-1234',
        locale,
      });
      for (const path of ['/members', '/likes', '/chats', '/settings', '/credits']) {
        await page.goto(path);
        await expectAllIn(page, locale, foreign);
      }
    });
  }
});
