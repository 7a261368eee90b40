import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { XHR, skipEntryWarning } from './helpers';

/**
 * A member page asks for its data at navigation, beside its code: the members list request
 * goes out while the page's chunk is still on its way. The test holds that chunk back until
 * the request has been seen (or 30 s have passed, for a busy machine): a page that asks only
 * once it has rendered would still be waiting for its code.
 */
const manifest = JSON.parse(
  readFileSync(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
) as Record<string, { file: string }>;

async function logInAsDemo(page: Page): Promise<void> {
  const res = await page.request.post('/api/user.php', {
    headers: XHR,
    data: { email: 'demo@amoria.example', password: 'demo1234' },
  });
  expect(res.status()).toBe(200);
}

test("the members list is requested before the page's chunk has arrived", async ({ page }) => {
  test.setTimeout(90_000);
  await skipEntryWarning(page);
  await logInAsDemo(page);
  const chunk = manifest['src/app/routes/members.tsx']!.file;
  const events: string[] = [];
  let requested: () => void = () => undefined;
  const listRequested = new Promise<void>((resolve) => (requested = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/members.php') return;
    events.push('members requested');
    requested();
  });
  await page.route(`**/${chunk}`, async (route) => {
    await Promise.race([listRequested, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    events.push('page chunk sent');
    await route.continue();
  });

  await page.goto('/members', { waitUntil: 'commit' });
  await expect.poll(() => events.length, { timeout: 45_000 }).toBeGreaterThanOrEqual(2);
  expect(events.slice(0, 2)).toEqual(['members requested', 'page chunk sent']);
  await expect(page.locator('.member-card').first()).toBeVisible();
});
