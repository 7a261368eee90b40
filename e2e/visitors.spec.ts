import { expect, test, type Browser, type Page } from '@playwright/test';
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { chooseBundle, payWithIdeal, settle } from './checkout';
import { fill, newConfirmedMember, skipEntryWarning } from './helpers';

/**
 * Profile visitors as two members live them, each in their own browser: A opens B's profile;
 * B sees the new-visitors badge, and on /visitors a free B sees the count, blurred cards and
 * the premium prompt but not who; once B bought a bundle (premium), B finds A there.
 */
const visitors = nlMember.visitors;
const PASSWORD = 'bezoek-wachtwoord';

async function ownBrowser(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await skipEntryWarning(page);
  return page;
}

test('A views B; free B sees the count and the premium prompt, premium B finds A on /visitors', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  const a = await ownBrowser(browser);
  const b = await ownBrowser(browser);
  const idA = await newConfirmedMember(a, {
    email: `visitor.${stamp}@example.test`,
    password: PASSWORD,
    name: 'Jorrit',
    gender: 'male',
  });
  const idB = await newConfirmedMember(b, {
    email: `visited.${stamp}@example.test`,
    password: PASSWORD,
    name: 'Fenna',
    gender: 'female',
  });

  // A opens B's profile.
  await a.goto(`/members/${idB}`);
  await expect(a.getByRole('heading', { level: 1 })).toContainText('Fenna');

  // B, free, sees the badge, then the count and the premium prompt, and nobody's name.
  await b.goto('/likes');
  await expect(b.getByText(fill(nlCommon.nav.newVisitors, { count: 1 })).first()).toBeAttached();
  await b.getByRole('link', { name: nlCommon.nav.visitors }).first().click();
  await expect(b).toHaveURL(/\/visitors$/);
  await expect(b.getByRole('heading', { name: visitors.premium.title })).toBeVisible();
  await expect(b.getByText(fill(visitors.count_one, { count: 1 }))).toBeVisible();
  await expect(b.getByRole('link', { name: visitors.premium.action })).toHaveAttribute('href', '/premium');
  await expect(b.locator('.visitor-blurred')).toHaveCount(1);
  await expect(b.getByText('Jorrit')).toHaveCount(0);
  // Opening the page cleared the badge.
  await expect(b.getByText(fill(nlCommon.nav.newVisitors, { count: 1 }))).toHaveCount(0);

  // B buys a first bundle and so becomes premium: now B finds A.
  const { bundles } = (await (await b.request.get('/api/bundles.php')).json()) as {
    bundles: Array<{ credits: number }>;
  };
  await b.goto('/credits');
  await chooseBundle(b, bundles[0]!.credits).click();
  await payWithIdeal(b);
  await settle(b, 'paid');
  await b.goto('/visitors');
  const list = b.getByRole('list', { name: visitors.list });
  await expect(list.getByRole('link', { name: /^Jorrit/ })).toHaveAttribute('href', `/members/${idA}`);
  await expect(b.getByRole('heading', { name: visitors.premium.title })).toHaveCount(0);

  await a.context().close();
  await b.context().close();
});
