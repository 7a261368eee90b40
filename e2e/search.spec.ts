import { expect, test, type Locator, type Page } from '@playwright/test';
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { skipEntryWarning } from './helpers';

const texts = nlMember.search;

/** Logs the demo member in through the API, in this page's context. */
async function loginDemo(page: Page): Promise<void> {
  const res = await page.request.post('/api/user.php', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: 'demo@amoria.example', password: 'demo1234' },
  });
  expect(res.status()).toBe(200);
}

function results(page: Page): Locator {
  return page.getByRole('list', { name: nlMember.pages.members.results });
}

/** The profile links of the results, in order. */
async function resultLinks(page: Page): Promise<string[]> {
  await expect(results(page)).toBeVisible();
  return results(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** Unfolds the filters where they are folded (phones); wider screens always show them. */
async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: new RegExp(`^${texts.filters}`) });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(page.getByRole('button', { name: texts.submit, exact: true })).toBeVisible();
}

/** Submits the filter form; the URL changes, so the page has a new search to show. */
async function search(page: Page): Promise<void> {
  await page.getByRole('button', { name: texts.submit, exact: true }).click();
}

/** Results, similar profiles or the empty state: whichever the search found, once it is done. */
async function searchSettled(page: Page): Promise<void> {
  await expect(page.getByText(texts.loading)).toHaveCount(0);
  await expect(
    results(page)
      .or(page.getByRole('heading', { name: texts.similar }))
      .or(page.getByRole('heading', { name: nlMember.pages.members.emptyTitle }))
      .first(),
  ).toBeVisible();
}

test.describe('member search', () => {
  test.beforeEach(async ({ page }) => {
    await skipEntryWarning(page);
    await loginDemo(page);
  });

  test('pages through the results with Load more, from the keyboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: nlCommon.nav.search }).first().click();
    await expect(page).toHaveURL(/\/members$/);
    const first = await resultLinks(page);
    expect(first.length).toBeGreaterThanOrEqual(24);
    const more = page.getByRole('button', { name: texts.loadMore });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await resultLinks(page)).length).toBeGreaterThan(first.length);
    const all = await resultLinks(page);
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, first.length)).toEqual(first);
  });

  test('searches with each filter; the URL and the results follow, and back returns', async ({ page }) => {
    await page.goto('/members');
    const before = await resultLinks(page);

    // Gender: the demo member seeks men by default; women give other results.
    await openFilters(page);
    await page.getByRole('combobox', { name: texts.gender }).selectOption('female');
    await search(page);
    await expect(page).toHaveURL(/\/members\?gender=female$/);
    await expect.poll(() => resultLinks(page)).not.toEqual(before);
    const women = await resultLinks(page);

    // Region, named per country: Noord-Holland in the Netherlands.
    await openFilters(page);
    await page
      .getByRole('combobox', { name: nlMember.profile.location.regionKinds.province })
      .selectOption({ label: 'Noord-Holland' });
    await search(page);
    await expect(page).toHaveURL(/gender=female&country=NL&countryregion=\d+/);
    await searchSettled(page);

    // Ages: every card in range.
    await openFilters(page);
    await page.getByRole('combobox', { name: nlMember.search.minAge }).selectOption('25');
    await page.getByRole('combobox', { name: nlMember.search.maxAge }).selectOption('40');
    await search(page);
    await expect(page).toHaveURL(/min_age=25&max_age=40/);
    await searchSettled(page);
    if (await results(page).isVisible()) {
      const labels = await results(page)
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''));
      for (const label of labels) {
        const age = Number(/, (\d+),/.exec(label)?.[1]);
        expect(age).toBeGreaterThanOrEqual(25);
        expect(age).toBeLessThanOrEqual(40);
      }
    }

    // Country: another country clears the region.
    await openFilters(page);
    await page.getByRole('combobox', { name: texts.country }).selectOption('BE');
    await search(page);
    await expect(page).toHaveURL(/country=BE/);
    await expect(page).not.toHaveURL(/countryregion/);
    await searchSettled(page);

    // Back walks through the earlier searches, filters included.
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/members\?gender=female$/);
    await openFilters(page);
    await expect(page.getByRole('combobox', { name: texts.gender })).toHaveValue('female');
    await expect.poll(() => resultLinks(page)).toEqual(women);

    // The defaults again.
    await page.getByRole('button', { name: texts.reset }).first().click();
    await expect(page).toHaveURL(/\/members$/);
    await openFilters(page);
    await expect(page.getByRole('combobox', { name: texts.gender })).toHaveValue('');
  });
});
