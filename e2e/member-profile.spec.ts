import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { skipEntryWarning } from './helpers';

const texts = nlMember.memberView;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The parts of the API's answers these tests read. */
interface UserAnswer {
  user: { profile: { id: number; name: string } } | null;
}
interface MemberAnswer {
  member: { id: number; name: string; related: Array<{ id: number; name: string }> };
}

async function ownId(request: APIRequestContext): Promise<number> {
  const { user } = (await (await request.get('/api/user.php')).json()) as UserAnswer;
  expect(user).not.toBeNull();
  return user!.profile.id;
}

/** The newest outbox mail to `to` with an activation link: that link's path and query. */
async function activationLink(request: APIRequestContext, to: string): Promise<string> {
  let href = '';
  await expect
    .poll(async () => {
      const { mails } = (await (await request.get('/api/outbox.php')).json()) as {
        mails: Array<{ to: string; text: string }>;
      };
      const mail = mails.find((m) => m.to.toLowerCase() === to.toLowerCase());
      const link = mail && /https?:\/\/[^\s"<]+\/api\/activate\.php\?token=[\w-]+/.exec(mail.text)?.[0];
      if (link) href = new URL(link).pathname + new URL(link).search;
      return Boolean(link);
    })
    .toBe(true);
  return href;
}

/** A new, confirmed member, logged in in this page; answers the member's id. */
async function newConfirmedMember(page: Page, email: string, name: string): Promise<number> {
  const signup = await page.request.post('/api/signup.php', {
    headers: XHR,
    data: {
      email,
      password: 'blokkeer-wachtwoord',
      name,
      date_of_birth: '1991-03-14',
      gender: 'female',
      sexuality: 'bi',
      country: 'NL',
      terms: true,
      language: 'nl',
    },
  });
  expect(signup.status()).toBe(200);
  await page.goto(await activationLink(page.request, email));
  await expect(page).toHaveURL(/\/activate\/done$/);
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
