import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { fill, newConfirmedMember, skipEntryWarning } from './helpers';

const report = nlMember.report;

/** A page in a browser context of its own: one member each. */
async function ownBrowser(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await skipEntryWarning(page);
  return page;
}

test('a member reports another profile with a reason and a note, and is thanked', async ({ browser }, testInfo) => {
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  // The reported member is new for every run: reports of the demo's members by every run's
  // reporter would add up to an automatic shadow-ban.
  const reported = await ownBrowser(browser);
  const reportedId = await newConfirmedMember(reported, {
    email: `report.target.${stamp}@example.test`,
    password: 'melding-wachtwoord',
    name: 'Roos',
    sexuality: 'bi',
  });
  const page = await ownBrowser(browser);
  await newConfirmedMember(page, {
    email: `report.by.${stamp}@example.test`,
    password: 'melding-wachtwoord',
    name: 'Melder',
    sexuality: 'bi',
  });

  await page.goto(`/members/${reportedId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Roos');
  await page.getByRole('button', { name: report.profileAction }).click();

  const dialog = page.getByRole('dialog', { name: fill(report.titleProfile, { name: 'Roos' }) });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(report.reason).selectOption({ label: report.reasons.fake });
  await dialog.getByLabel(report.note).fill('De foto’s komen van een stockfotosite.');
  await expect(dialog.getByText(fill(report.counter, { used: 38, max: 2000 }))).toBeVisible();
  await dialog.getByRole('button', { name: report.submit }).click();

  // The dialog is named by its heading, which now thanks the member.
  const done = page.getByRole('dialog', { name: report.doneTitle });
  await expect(done.getByRole('heading', { name: report.doneTitle })).toBeFocused();
  await expect(done.getByText(report.done)).toBeVisible();
  await done.getByRole('button', { name: report.close }).click();
  await expect(done).toBeHidden();
});

test('a member downloads their data export from the settings', async ({ browser }, testInfo) => {
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  const page = await ownBrowser(browser);
  const id = await newConfirmedMember(page, {
    email: `export.${stamp}@example.test`,
    password: 'export-wachtwoord',
    name: 'Exporteur',
  });

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: nlMember.dataExport.title })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: nlMember.dataExport.button }).click();
  const download = await downloading;

  expect(download.suggestedFilename()).toMatch(new RegExp(`^amoria-data-${id}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const path = await download.path();
  // A ZIP archive starts with its local file header's signature, PK\x03\x04.
  expect([...readFileSync(path).subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
});
