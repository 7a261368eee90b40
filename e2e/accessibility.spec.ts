import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { skipEntryWarning, XHR } from './helpers';

/** What WCAG 2.1 AA asks; axe's best-practice rules are advice, not the bar. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return found
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    );
}

/** Opens a page and waits until the app has rendered its main content. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

// One page and one login for the whole tour: fifteen pages on one context is cheap, and the
// report lists every page's violations at once rather than stopping at the first.
test('the fifteen main pages have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(240_000);
  await skipEntryWarning(page);
  const report: string[] = [];
  const check = async (path: string) => {
    await open(page, path);
    report.push(...(await violations(page)).map((line) => `${path}: ${line}`));
  };

  for (const path of ['/', '/landers/gallery', '/login', '/signup', '/pages/terms']) await check(path);

  const login = await page.request.post('/api/user.php', {
    headers: XHR,
    data: { email: 'demo@amoria.example', password: 'demo1234' },
  });
  expect(login.status()).toBe(200);
  // A conversation of the demo member's own, started with the first member their search shows.
  const { members } = (await (await page.request.get('/api/members.php')).json()) as { members: Array<{ id: number }> };
  const sent = await page.request.post('/api/message.php', {
    headers: XHR,
    data: { member_id: members[0]!.id, body: 'Hallo, hoe gaat het?' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const chat = {
    id: ((await sent.json()) as { message: { conversation_id: number } }).message.conversation_id,
    profile_id: members[0]!.id,
  };

  for (const path of [
    '/members',
    `/members/${chat.profile_id}`,
    '/likes',
    '/chats',
    `/chats/${chat.id}`,
    '/swipe-game',
    '/credits',
    '/premium',
    '/profile',
    '/settings',
  ]) {
    await check(path);
  }

  expect(report, report.join('\n')).toEqual([]);
});
