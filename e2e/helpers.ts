import type { Page } from '@playwright/test';

/** Marks the site-entry warning as seen, for tests about something else. */
export async function skipEntryWarning(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('dismissed-site-entry-warning', String(Date.now()));
  });
}
