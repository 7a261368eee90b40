import { expect, test, type Page } from '@playwright/test';
import { skipEntryWarning } from './helpers';

const LANDERS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;

/** Spec section 2: the niche's prefix and the locale, en as eng. */
const PREFIXES = ['', 'she-', 'bdsm-', 'bbw-', 'gilf-', 'milf-', 'gay-'];

interface LanderData {
  members: Array<{ id: number; name: string }>;
}

async function landerMembers(page: Page, niche: number): Promise<LanderData['members']> {
  const response = await page.request.get(`/api/lander.php?niche=${niche}`);
  return ((await response.json()) as LanderData).members;
}

test.describe('landing pages', () => {
  test.beforeEach(async ({ page }) => skipEntryWarning(page));

  for (const name of LANDERS) {
    test(`${name} renders for every niche with its slug, in the slug's language, with the niche's members`, async ({
      page,
    }) => {
      for (const [index, prefix] of PREFIXES.entries()) {
        const niche = index + 1;
        const members = await landerMembers(page, niche);
        const response = await page.goto(`/landers/${name}/${prefix}nl`);
        expect(response?.status()).toBe(200);
        // Server-rendered: the headline is in the HTML before any script ran.
        expect(await response!.text()).toMatch(/<h1>[^<]+<\/h1>/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
        // The collage shows its first twelve as a mosaic of faces and names the next ones.
        const named = members[name === 'collagelanding' ? 12 : 0];
        if (named) await expect(page.getByRole('main').getByText(named.name).first()).toBeVisible();
        await expect(page.getByRole('link', { name: 'Gratis aanmelden' }).first()).toHaveAttribute('href', '/signup');
      }
    });
  }

  test('a lander without a slug lands on the slug of the language and niche, and follows a language change', async ({
    page,
  }) => {
    await page.goto('/landers/gallery');
    await expect(page).toHaveURL(/\/landers\/gallery\/nl$/);
    await page.goto('/landers/gallery/milf-eng');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browse the gallery');
    await expect(page).toHaveTitle(/Mature women/);
  });

  test('an unknown slug is a 404', async ({ page }) => {
    const response = await page.goto('/landers/gallery/milf-en');
    expect(response?.status()).toBe(404);
  });

  test('the swipe demo works by keyboard and ends in a match that leads to signup', async ({ page }) => {
    await page.goto('/landers/tinderswipe');
    const card = page.getByRole('group').first();
    await card.focus();
    // Right, left, right: two likes by keyboard, then the third by button.
    for (const key of ['ArrowRight', 'ArrowLeft', 'ArrowRight']) {
      await page.getByRole('group').first().focus();
      await page.keyboard.press(key);
    }
    await page.getByRole('button', { name: /^Like / }).click();
    const match = page.getByRole('dialog', { name: 'Het is een match!' });
    await expect(match).toBeVisible();
    await expect(match.getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute('href', '/signup');
  });
});
