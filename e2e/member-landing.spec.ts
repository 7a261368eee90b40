import { expect, test, type Page } from '@playwright/test';
import { skipEntryWarning } from './helpers';

interface Member {
  id: number;
  name: string;
}

/** A seeded member the landings can show: the first of the general pool. */
async function seededMember(page: Page): Promise<Member> {
  const response = await page.request.get('/api/lander.php?niche=1');
  expect(response.ok()).toBe(true);
  const { members } = (await response.json()) as { members: Member[] };
  expect(members.length).toBeGreaterThan(0);
  return members[0]!;
}

test.describe('landing pages about one member', () => {
  test.beforeEach(async ({ page }) => skipEntryWarning(page));

  const PAGES = [
    { path: 'landing', headline: (name: string) => `${name} wil je leren kennen` },
    { path: 'landing2/nl', headline: (name: string) => `${name} stuurde je een bericht` },
    { path: 'landing3/nl', headline: () => 'Het is een match!' },
  ];

  for (const { path, headline } of PAGES) {
    test(`${path} shows the member and leads to their signup page`, async ({ page }) => {
      const member = await seededMember(page);
      await page.goto(`/members/${member.id}/${path}`);
      await expect(page.getByRole('heading', { level: 1, name: headline(member.name) })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(`${member.name}, `);
      await expect(page).toHaveTitle(new RegExp(member.name));
      // The page's main action is the first link to the member's signup page.
      const cta = page.locator(`main a.ml-cta__button[href="/members/${member.id}/signup"]`);
      await expect(cta).toBeVisible();
      await cta.click();
      await expect(page).toHaveURL(new RegExp(`/members/${member.id}/signup$`));
    });
  }

  test('landing2 without a slug lands on its canonical slug', async ({ page }) => {
    const member = await seededMember(page);
    await page.goto(`/members/${member.id}/landing2`);
    await expect(page).toHaveURL(new RegExp(`/members/${member.id}/landing2/nl$`));
    await expect(page.getByRole('heading', { level: 1, name: `${member.name} stuurde je een bericht` })).toBeVisible();
  });

  test('a slug sets the language: landing3 in English', async ({ page }) => {
    const member = await seededMember(page);
    await page.goto(`/members/${member.id}/landing3/eng`);
    await expect(page.getByRole('heading', { level: 1, name: "It's a match!" })).toBeVisible();
    await expect(page.getByRole('link', { name: `Message ${member.name}` })).toHaveAttribute(
      'href',
      `/members/${member.id}/signup`,
    );
  });

  test('a member who cannot be shown gives way to others and a general signup', async ({ page }) => {
    await page.goto('/members/987654321/landing');
    await expect(page.getByRole('heading', { level: 1, name: 'Dit profiel is niet meer beschikbaar' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ontmoet anderen zoals zij' }).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute('href', '/signup');
  });
});
