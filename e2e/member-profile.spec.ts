import { expect, test, type Page } from '@playwright/test';
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { confirmFromOutbox, ownId, signUpByApi, skipEntryWarning, XHR } from './helpers';

const texts = nlMember.memberView;

/** The parts of the API's answers these tests read. */
interface MemberAnswer {
  member: { id: number; name: string; related: Array<{ id: number; name: string }> };
}

/** A new, confirmed member, logged in in this page; answers the member's id. */
async function newConfirmedMember(page: Page, email: string, name: string): Promise<number> {
  await signUpByApi(page, {
    email,
    password: 'blokkeer-wachtwoord',
    name,
    sexuality: 'bi',
    dateOfBirth: '1991-03-14',
  });
  await confirmFromOutbox(page, email);
  return ownId(page.request);
}

test.beforeEach(async ({ page }) => {
  await skipEntryWarning(page);
});

test('a member opens another profile, blocks them after confirming, and unblocks again', async ({ page }, testInfo) => {
  await page.goto('/login');
  await page.getByLabel(nlCommon.auth.email).fill('demo@amoria.example');
  await page.getByLabel(nlCommon.auth.password, { exact: true }).fill('demo1234');
  await page.getByRole('main').getByRole('button', { name: nlCommon.auth.loginSubmit }).click();
  await expect(page).toHaveURL(/\/members$/);

  // A member of the demo: one of the profiles related to the demo member's own, a different
  // one per project so the phone and desktop runs never block the same member at once.
  const own = (await (
    await page.request.get(`/api/member.php?id=${await ownId(page.request)}`)
  ).json()) as MemberAnswer;
  const other = own.member.related[testInfo.project.name === 'phone' ? 0 : 1]!;

  await page.goto(`/members/${other.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(other.name);
  await expect(page.getByRole('region', { name: texts.photos })).toBeVisible();
  await expect(page.getByRole('link', { name: texts.message })).toHaveAttribute('href', `/members/${other.id}/chat`);

  await page.getByRole('button', { name: texts.block, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.blockDialog.title.replace('{{name}}', other.name) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: texts.blockDialog.confirm }).click();

  await expect(page.getByText(texts.blockedTitle.replace('{{name}}', other.name))).toBeVisible();
  await expect(page.getByRole('link', { name: texts.message })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(other.name);

  await page.getByRole('button', { name: texts.unblock }).click();
  await expect(page.getByRole('button', { name: texts.block, exact: true })).toBeVisible();
});

test('after B blocks A, A finds B no more', async ({ page, browser }, testInfo) => {
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  const blockerPage = await (await browser.newContext()).newPage();
  await skipEntryWarning(blockerPage);

  const viewerId = await newConfirmedMember(page, `viewer.${stamp}@example.test`, 'Anouk');
  const blockerId = await newConfirmedMember(blockerPage, `blocker.${stamp}@example.test`, 'Bente');

  await page.goto(`/members/${blockerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bente');

  const block = await blockerPage.request.post('/api/block.php', { headers: XHR, data: { id: viewerId } });
  expect(block.status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: texts.notFoundTitle })).toBeVisible();
  await expect(page.getByText('Bente')).toHaveCount(0);

  // The blocker still sees the viewer, with the offer to unblock.
  await blockerPage.goto(`/members/${viewerId}`);
  await expect(blockerPage.getByRole('button', { name: texts.unblock })).toBeVisible();
  await blockerPage.context().close();
});
