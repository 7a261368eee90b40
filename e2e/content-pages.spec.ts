import { expect, test } from '@playwright/test';
import { skipEntryWarning } from './helpers';

const PAGES = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;

/** Each page's title in the three languages the issue reads them in. */
const TITLES: Record<'nl' | 'en' | 'de', Record<(typeof PAGES)[number], string>> = {
  nl: {
    terms: 'Algemene voorwaarden',
    privacy: 'Privacyverklaring',
    cookies: 'Cookiebeleid',
    ban: 'Blokkeringsbeleid',
    faq: 'Veelgestelde vragen',
    'return-policy': 'Retourbeleid',
    service: 'Klantenservice',
  },
  en: {
    terms: 'Terms and conditions',
    privacy: 'Privacy statement',
    cookies: 'Cookie policy',
    ban: 'Ban policy',
    faq: 'Frequently asked questions',
    'return-policy': 'Return policy',
    service: 'Customer service',
  },
  de: {
    terms: 'Allgemeine Geschäftsbedingungen',
    privacy: 'Datenschutzerklärung',
    cookies: 'Cookie-Richtlinie',
    ban: 'Sperrrichtlinie',
    faq: 'Häufige Fragen',
    'return-policy': 'Rückgaberichtlinien',
    service: 'Kundenservice',
  },
};

test.describe('content pages', () => {
  for (const locale of ['nl', 'en', 'de'] as const) {
    test(`read in ${locale}, with the site's details filled in`, async ({ page, context, baseURL }) => {
      await skipEntryWarning(page);
      await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      for (const name of PAGES) {
        await page.goto(`/pages/${name}`);
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(TITLES[locale][name]);
        await expect(page).toHaveTitle(`${TITLES[locale][name]} | Amoria`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        expect(await main.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(3);
        await expect(main).toContainText('support@amoria.example');
        await expect(main).not.toContainText('{{');
      }
    });
  }

  test('the FAQ opens by keyboard and the contents lead to a section', async ({ page }) => {
    await skipEntryWarning(page);
    await page.goto('/pages/faq');
    const question = page.getByText('Is aanmelden gratis?');
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/Je maakt gratis een account en een profiel/)).toBeVisible();

    await page.goto('/pages/privacy');
    await page.getByRole('navigation', { name: 'Op deze pagina' }).getByRole('link', { name: 'Je rechten' }).click();
    await expect(page.getByRole('heading', { name: 'Je rechten' })).toBeInViewport();
  });

  test('are in the HTML the server sends, for search engines and before the app runs', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
    const page = await context.newPage();
    await page.goto('/pages/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Algemene voorwaarden');
    await expect(page.getByRole('heading', { name: '5. Profielen van Amoria zelf' })).toBeVisible();
    await expect(page).toHaveTitle('Algemene voorwaarden | Amoria');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toContain('De algemene voorwaarden van Amoria');
    await context.close();
  });
});
