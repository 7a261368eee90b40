import { expect, test, type Page } from '@playwright/test';
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { XHR, fill, newConfirmedMember } from './helpers';

/**
 * The chats as a member opens them: on a wide screen the list beside the conversation under the
 * top navigation, before and after a chat is open; on a phone the list, then the conversation.
 * However a chat is opened, focus lands in its composer.
 */
const chat = nlMember.chat;

/** A new member with one conversation, opened from /members/<id>/chat by a first message. */
async function memberWithChat(page: Page, project: string): Promise<{ id: number; partner: string }> {
  await page.addInitScript(() => {
    for (const key of ['dismissed-site-entry-warning', 'dismissed-time-bonus-modal', 'dismissed-push']) {
      window.localStorage.setItem(key, String(Date.now()));
    }
  });
  await newConfirmedMember(page, {
    email: `chat.layout.${project}.${Date.now()}@example.test`,
    password: 'layout-wachtwoord',
    gender: 'male',
  });
  const { members } = (await (await page.request.get('/api/members.php')).json()) as {
    members: Array<{ id: number; name: string }>;
  };
  const partner = members[0]!;
  const sent = await page.request.post('/api/message.php', {
    headers: { ...XHR, 'Idempotency-Key': crypto.randomUUID() },
    data: { member_id: partner.id, body: 'Hoi, hoe is je week?' },
  });
  expect(sent.status()).toBe(200);
  const { chats } = (await (await page.request.get('/api/chats.php')).json()) as { chats: Array<{ id: number }> };
  return { id: chats[0]!.id, partner: partner.name };
}

const composer = (page: Page, partner: string) =>
  page.getByRole('textbox', { name: fill(chat.composer.label, { name: partner }) });
const topNavigation = (page: Page) => page.getByRole('navigation', { name: nlCommon.nav.main });

test('on a wide screen the list stands beside the conversation under the top navigation', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the desktop layout');
  const { id, partner } = await memberWithChat(page, testInfo.project.name);

  await page.goto('/chats');
  const list = page.getByRole('complementary', { name: nlMember.pages.chats.title });
  const pane = page.getByRole('region', { name: chat.pick.title });
  await expect(list.getByRole('link', { name: new RegExp(partner) })).toBeVisible();
  await expect(pane).toBeVisible();
  await expect(topNavigation(page)).toBeVisible();
  const [listBox, paneBox] = [await list.boundingBox(), await pane.boundingBox()];
  expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(paneBox!.x + 1);
  expect(Math.abs(listBox!.y - paneBox!.y)).toBeLessThan(2);

  await list.getByRole('link', { name: new RegExp(partner) }).click();
  await expect(page).toHaveURL(new RegExp(`/chats/${id}$`));
  await expect(composer(page, partner)).toBeFocused();
  await expect(topNavigation(page)).toBeVisible();
  const conversation = page.getByRole('log', { name: fill(chat.messages, { name: partner }) });
  const [besideBox, conversationBox] = [await list.boundingBox(), await conversation.boundingBox()];
  expect(besideBox!.x + besideBox!.width).toBeLessThanOrEqual(conversationBox!.x + 1);
  await expect(list.getByRole('link', { name: new RegExp(partner) })).toHaveAttribute('aria-current', 'page');
});

test('opening a chat puts focus in its composer, from the list by keyboard or by its address', async ({
  page,
}, testInfo) => {
  const { id, partner } = await memberWithChat(page, testInfo.project.name);

  await page.goto('/chats');
  const link = page.getByRole('link', { name: new RegExp(partner) }).first();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/chats/${id}$`));
  await expect(composer(page, partner)).toBeFocused();
  if (testInfo.project.name === 'phone') {
    // The phone keeps list, then conversation: no list beside it, the slim bar instead of the menu.
    await expect(page.getByRole('complementary', { name: nlMember.pages.chats.title })).toBeHidden();
    await expect(topNavigation(page)).toHaveCount(0);
  }

  await page.goto('/members');
  await page.goto(`/chats/${id}`);
  await expect(composer(page, partner)).toBeFocused();
  await page.keyboard.type('Tot snel!');
  await expect(composer(page, partner)).toHaveValue('Tot snel!');
});
