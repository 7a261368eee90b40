import { expect, test, type Locator, type Page } from '@playwright/test';
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlLanding from '../packages/i18n/locales/nl/landing.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { fill, signUpByApi, skipEntryWarning } from './helpers';

/*
 * Phone first (390x844): each page's core action is on the first screen without scrolling, a
 * new member sees one prompt at a time, and the prompts never push the page down.
 */

/** The member prompts of the default layout, by their ids. */
const PROMPTS = '#activation-reminder, #profile-photo-alert, #push-alert, #disabled-notifications-alert';

/** Inside the viewport and above the tab bar, which covers the bottom of a member's screen. */
async function expectOnFirstScreen(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  const tabBar = page.locator('.tab-bar');
  const bottom = (await tabBar.isVisible()) ? (await tabBar.boundingBox())!.y : page.viewportSize()!.height;
  expect(box.y, 'starts on the screen').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'ends above the fold').toBeLessThanOrEqual(bottom + 1);
}

/** At most one prompt shows; for this new member it is the activation reminder, first in priority. */
async function expectOnePrompt(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: nlCommon.activation.title })).toBeVisible();
  await expect(page.locator(PROMPTS).filter({ visible: true })).toHaveCount(1);
}

/** A new member: unconfirmed, no photo, push not decided in this browser. */
async function freshMember(page: Page, stamp: string): Promise<void> {
  await skipEntryWarning(page);
  // Whatever the test browser's own setting: this member's browser was never asked.
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'default' });
  });
  await signUpByApi(page, { email: `phone.${stamp}@example.test`, password: 'geheim123', name: 'Fenna' });
}

test.describe('on a phone', () => {
  test.skip(({ viewport }) => viewport?.width !== 390, 'the phone project is 390x844');

  test("a new member's pages show their core action on the first screen, under one prompt", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await freshMember(page, `${testInfo.project.name}.${Date.now()}`);

    await page.goto('/members');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    const firstRow = page.locator('.member-card').nth(1);
    await expectOnFirstScreen(page, page.locator('.member-card').first());
    await expectOnFirstScreen(page, firstRow);
    await expectOnePrompt(page);
    const profileHref = await page.locator('.member-card__link').first().getAttribute('href');

    await page.goto('/likes');
    await expectOnFirstScreen(page, page.getByRole('link', { name: nlMember.pages.likes.tab.received }));
    await expectOnFirstScreen(page, page.locator('.empty-state__action').first());
    await expectOnePrompt(page);

    await page.goto('/chats');
    await expectOnFirstScreen(page, page.locator('.empty-state__action').first());
    await expectOnePrompt(page);

    await page.goto('/swipe-game');
    await expectOnFirstScreen(page, page.locator('.swipe-card:not(.swipe-card--behind)'));
    await expectOnFirstScreen(page, page.getByRole('button', { name: nlMember.swipe.like, exact: true }));
    await expectOnFirstScreen(page, page.getByRole('button', { name: nlMember.swipe.pass }));
    await expectOnePrompt(page);

    await page.goto(profileHref!);
    await expectOnFirstScreen(page, page.getByRole('heading', { level: 1 }));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/, \d+/);
    await expectOnFirstScreen(page, page.getByRole('link', { name: nlMember.memberView.message }));
    await expectOnFirstScreen(page, page.locator('.member-actions').getByRole('button', { name: /Like/ }).first());
    await expectOnePrompt(page);
  });

  test('the tinderswipe lander shows its card and buttons on the first screen', async ({ page }) => {
    await skipEntryWarning(page);
    await page.goto('/landers/tinderswipe');
    const card = page.getByRole('group').filter({ hasText: /, \d+/ }).first();
    await expectOnFirstScreen(page, card);
    const name = (await card.locator('strong').textContent())!.split(',')[0]!;
    await expectOnFirstScreen(
      page,
      page.getByRole('button', { name: fill(nlLanding.landers.tinderswipe.like, { member: name }) }),
    );
    await expectOnFirstScreen(
      page,
      page.getByRole('button', { name: fill(nlLanding.landers.tinderswipe.pass, { member: name }) }),
    );
  });

  test("a new member's first load of /members shifts the layout by at most 0.02", async ({ page }, testInfo) => {
    await freshMember(page, `cls.${testInfo.project.name}.${Date.now()}`);
    await page.addInitScript(() => {
      const win = window as unknown as { layoutShift: number };
      win.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) win.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/members');
    await expect(page.locator('.member-card').first()).toBeVisible({ timeout: 15_000 });
    // The prompt, the time bonus's chip and the page's lazy parts have all arrived.
    await expect(page.locator('#activation-reminder')).toBeVisible();
    await expect(page.locator('#time-bonus')).toBeVisible();
    await page.waitForTimeout(1500);
    const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    expect(shift).toBeLessThanOrEqual(0.02);
  });
});

test('after each like or skip in the swipe game the focus stays on the swipe controls', async ({ page }, testInfo) => {
  await freshMember(page, `swipe.${testInfo.project.name}.${Date.now()}`);
  await page.goto('/swipe-game');
  const top = page.locator('.swipe-card:not(.swipe-card--behind) h2');
  const like = page.getByRole('button', { name: nlMember.swipe.like, exact: true });
  const pass = page.getByRole('button', { name: nlMember.swipe.pass });

  for (const button of [like, pass, like]) {
    const before = await top.textContent();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(top).not.toHaveText(before!);
    await expect(button).toBeFocused();
    await expect(button).toBeEnabled();
  }
  await expect(page.locator('.swipe-controls')).toContainText(nlMember.swipe.pass);
});
