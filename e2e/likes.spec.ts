import { expect, test, type Page } from '@playwright/test';
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlErrors from '../packages/i18n/locales/nl/errors.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { confirmFromOutbox, ownId, signUpByApi, skipEntryWarning } from './helpers';

/**
 * Likes as two new members live them: A likes B from B's profile; B logs in, sees the new-likes
 * badge and A among the received likes, likes back and gets the match dialog; then B plays the
 * swipe game until the daily limit and is told so.
 */
const likes = nlMember.likes;
const PASSWORD = 'likes-wachtwoord';

/** A new, confirmed member, signed up through the API in this page; answers the member's id. */
async function newConfirmedMember(page: Page, email: string, name: string, gender: 'male' | 'female'): Promise<number> {
  await signUpByApi(page, { email, password: PASSWORD, name, gender, dateOfBirth: '1990-06-02' });
  await confirmFromOutbox(page, email);
  return ownId(page.request);
}

test('A likes B; B sees the badge and A, likes back to a match, and swipes up to the daily limit', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  const emailB = `liked.${stamp}@example.test`;
  await skipEntryWarning(page);
  const setupB = await (await browser.newContext()).newPage();
  await skipEntryWarning(setupB);

  const idA = await newConfirmedMember(page, `liker.${stamp}@example.test`, 'Arjen', 'male');
  const idB = await newConfirmedMember(setupB, emailB, 'Bregje', 'female');
  await setupB.context().close();

  // A likes B from B's profile.
  await page.goto(`/members/${idB}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bregje');
  await page.getByRole('button', { name: likes.like, exact: true }).click();
  await expect(page.getByRole('button', { name: likes.liked, exact: true })).toHaveAttribute('aria-pressed', 'true');

  // B logs in and sees the badge, and A among the received likes.
  const b = await (await browser.newContext()).newPage();
  await skipEntryWarning(b);
  await b.goto('/login');
  await b.getByLabel(nlCommon.auth.email).fill(emailB);
  await b.getByLabel(nlCommon.auth.password, { exact: true }).fill(PASSWORD);
  await b.getByRole('main').getByRole('button', { name: nlCommon.auth.loginSubmit }).click();
  // Logged in once the app has moved on to /members; only then does the session cookie exist.
  await expect(b).toHaveURL(/\/members$/);
  await b.goto('/likes/received');
  await expect(b.getByText(nlCommon.nav.newLikes.replace('{{count}}', '1')).first()).toBeAttached();
  const received = b.getByRole('list', { name: likes.list.received });
  await expect(received.getByRole('link', { name: /Arjen/ })).toHaveAttribute('href', `/likes/m/${idA}`);
  await expect(received.getByText(likes.new)).toBeVisible();

  // B likes back: a match.
  await received.getByRole('button', { name: likes.likeName.replace('{{name}}', 'Arjen') }).click();
  const dialog = b.getByRole('dialog', { name: likes.match.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: likes.match.message.replace('{{name}}', 'Arjen') })).toHaveAttribute(
    'href',
    `/members/${idA}/chat`,
  );
  await dialog.getByRole('button', { name: likes.match.later }).click();
  await b.getByRole('link', { name: nlMember.pages.likes.tab.matches }).click();
  await expect(b.getByRole('list', { name: likes.list.matches }).getByRole('link', { name: /Arjen/ })).toBeVisible();

  // The swipe game: like by keyboard until the daily limit, then the server's message.
  await b.goto('/swipe-game');
  const left = (count: number) =>
    nlMember.swipe.likesLeft.replace('{{count}}', String(count)).replace('{{limit}}', '4');
  await expect(b.getByText(left(4))).toBeVisible();
  // A key press counts once the previous decision is answered (the buttons are enabled again).
  const likeButton = b.getByRole('button', { name: nlMember.swipe.like, exact: true });
  for (const count of [3, 2, 1, 0]) {
    await expect(likeButton).toBeEnabled();
    await b.keyboard.press('ArrowRight');
    await expect(b.getByText(left(count))).toBeVisible();
  }
  await expect(likeButton).toBeEnabled();
  await b.keyboard.press('ArrowRight');
  await expect(
    b.getByRole('alert').filter({ hasText: nlErrors.swipe_limit_reached.replace('{{limit}}', '4') }),
  ).toBeVisible();

  // Passing stays possible.
  const top = b.locator('.swipe-card:not(.swipe-card--behind) h2');
  const before = await top.textContent();
  await b.getByRole('button', { name: new RegExp(nlMember.swipe.pass) }).click();
  await expect(top).not.toHaveText(before ?? '');
  await b.context().close();
});
