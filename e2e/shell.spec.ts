import { expect, test } from '@playwright/test';
import { skipEntryWarning } from './helpers';

test.describe('home page', () => {
  test('renders with the theme and the site name', async ({ page }, testInfo) => {
    await skipEntryWarning(page);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Amoria/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

    // The primary call to action carries the gold-brown primary colour of the theme.
    const cta = page
      .getByRole('main')
      .getByRole('link', { name: /aanmelden/i })
      .first();
    await expect(cta).toBeVisible();
    const background = await cta.evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number) as [number, number, number];
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);

    await expect(page.getByRole('contentinfo')).toBeVisible();
    await testInfo.attach('home', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  });

  test('shows the site-entry warning once', async ({ page }) => {
    await page.goto('/');
    const warning = page.locator('#site-entry-warning');
    await expect(warning).toBeVisible();
    await warning.getByRole('button').first().click();
    await expect(warning).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#site-entry-warning')).toHaveCount(0);
  });

  test('does not show the site-entry warning on the password reset page', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#site-entry-warning')).toHaveCount(0);
  });
});

test.describe('scroll position', () => {
  test('a page opened afresh starts at the top, whatever the last page was scrolled to', async ({ page }) => {
    await skipEntryWarning(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pages/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(300);
    await page.goto('/');
    await expect(page.locator('main')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('languages', () => {
  test('switching language changes the texts and sets the cookie for a year', async ({ page, context }) => {
    await skipEntryWarning(page);
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    const dutch = await heading.innerText();

    await page.getByRole('button', { name: 'Taal' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(heading).not.toHaveText(dutch);
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('en');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365.01);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(heading).not.toHaveText(dutch);
  });

  test('uses the domain language when there is no cookie', async ({ page, baseURL }) => {
    await skipEntryWarning(page);
    // *.localhost resolves to this machine; the seeded de.localhost domain speaks German.
    await page.goto(baseURL!.replace('localhost', 'de.localhost') + '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test.describe('not found', () => {
  test('an unknown path shows the 404 page with status 404', async ({ page }) => {
    await skipEntryWarning(page);
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page).toHaveTitle('This page could not be found');
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  // An unmatched route is the 404 page for everyone (spec section 2): a members-only route with a
  // parameter value it does not take (a likes tab, a numeric id, a payment method) is unmatched.
  for (const path of ['/likes/foo', '/chats/abc', '/credits/abc', '/credits/1/no-such-method']) {
    test(`a visitor at ${path} gets the 404 page with status 404, not the login page`, async ({ page }) => {
      await skipEntryWarning(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const notFound = page.getByRole('heading', { name: 'This page could not be found' });
      await expect(notFound).toBeVisible();
      // The login guard of an open page acts once the user query has settled.
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveURL(path);
      await expect(notFound).toBeVisible();
    });
  }

  test('a visitor at a payment method of the spec is still sent to the login page', async ({ page }) => {
    await skipEntryWarning(page);
    const response = await page.goto('/credits/1/ideal');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcredits%2F1%2Fideal$/);
  });

  test('an unknown API path answers JSON 404', async ({ request }) => {
    const response = await request.get('/api/nope.php');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});

test.describe('members area', () => {
  test('a visitor opening a members-only page is sent to login', async ({ page }) => {
    await skipEntryWarning(page);
    await page.goto('/chats');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
