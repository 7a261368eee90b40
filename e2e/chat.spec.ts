import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import nlCommon from '../packages/i18n/locales/nl/common.json' with { type: 'json' };
import nlErrors from '../packages/i18n/locales/nl/errors.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { XHR, fill, newConfirmedMember, ownCredits, skipEntryWarning } from './helpers';

/**
 * Chatting as two new members live it, each in their own browser. B waits on the chat list
 * while A writes from /members/<B>/chat: B's unread badge and page title count it at once,
 * without a reload. In the open chat A's next message and gift, and B's photo to A, arrive
 * live. Sending costs what the settings say (the first free_messages texts nothing, photos and
 * gifts always their price); an empty balance opens the buy prompt, a free member's third new
 * conversation the premium prompt; a deleted chat leaves the list.
 */
const chat = nlMember.chat;
const PASSWORD = 'chat-wachtwoord';

interface ChatSettings {
  free_messages: number;
  photo_credits: number;
}

/** A page in a browser context of its own: one member each. */
async function ownBrowser(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await skipEntryWarning(page);
  return page;
}

/** A photo as a phone would send it. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 250, g: 170, b: 60 } } })
    .png()
    .toBuffer();
}

async function sendPhoto(page: Page): Promise<void> {
  await page
    .locator('.chat-composer input[type=file]')
    .setInputFiles({ name: 'zonsondergang.png', mimeType: 'image/png', buffer: await photo() });
}

/** The message field of an open chat; after a send it stays where it is. */
function composer(page: Page, partner: string) {
  return page.getByRole('textbox', { name: fill(chat.composer.label, { name: partner }) });
}

async function write(page: Page, partner: string, text: string): Promise<void> {
  await composer(page, partner).fill(text);
  await composer(page, partner).press('Enter');
}

test('two members chat live, pay for it, meet the prompts and delete the chat', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  const a = await ownBrowser(browser);
  const b = await ownBrowser(browser);
  const idA = await newConfirmedMember(a, {
    email: `chat.a.${stamp}@example.test`,
    password: PASSWORD,
    name: 'Arjen',
    gender: 'male',
  });
  const idB = await newConfirmedMember(b, {
    email: `chat.b.${stamp}@example.test`,
    password: PASSWORD,
    name: 'Bregje',
    gender: 'female',
  });
  const { settings } = (await (await a.request.get('/api/settings.php')).json()) as { settings: ChatSettings };
  const { gifts } = (await (await a.request.get('/api/gifts.php')).json()) as { gifts: Array<{ credits: number }> };
  const gift = gifts[0]!;
  const start = await ownCredits(a.request);
  // The journey spends two free texts, then a gift that empties the balance, then a third free text.
  expect(settings.free_messages).toBeGreaterThanOrEqual(3);
  expect(start).toBe(gift.credits);

  // B's daily auto-like happens now rather than in the middle of the counting: the page title
  // counts B's new likes together with the unread messages.
  await b.request.get('/api/auto-like.php');
  const { new_likes: newLikes } = (await (await b.request.get('/api/likes.php')).json()) as { new_likes: number };
  const titleCounting = (unread: number) =>
    unread + newLikes > 0 ? new RegExp(`^\\(${unread + newLikes}\\) `) : /^[^(]/;

  // B waits on the empty chat list; the mark on the window shows the page is never reloaded.
  await b.goto('/chats');
  await expect(b.getByRole('heading', { name: nlMember.pages.chats.emptyTitle })).toBeVisible();
  await b.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await expect(b).toHaveTitle(titleCounting(0));

  // A writes to B from /members/<B>/chat; the first message is free.
  await a.goto(`/members/${idB}/chat`);
  await a.getByRole('button', { name: chat.icebreakers.own }).click();
  await expect(a.getByText(fill(chat.cost.free_other, { count: settings.free_messages }))).toBeVisible();
  await write(a, 'Bregje', 'Hoi Bregje, zin in koffie?');
  await expect(a).toHaveURL(/\/chats\/\d+$/);
  const logA = a.getByRole('log', { name: fill(chat.messages, { name: 'Bregje' }) });
  await expect(logA).toContainText('Hoi Bregje, zin in koffie?');

  // B's badge, title and list count it at once.
  await expect(b.getByText(fill(nlCommon.nav.unreadMessages, { count: 1 })).first()).toBeAttached();
  await expect(b).toHaveTitle(titleCounting(1));
  const row = b.getByRole('list', { name: chat.list.label }).getByRole('link', { name: /Arjen/ });
  await expect(row).toContainText('Hoi Bregje, zin in koffie?');
  await expect(row).toContainText(fill(chat.list.unread_one, { count: 1 }));

  // B opens the chat: read, so the count goes.
  await row.click();
  await expect(b).toHaveURL(/\/chats\/\d+$/);
  const logB = b.getByRole('log', { name: fill(chat.messages, { name: 'Arjen' }) });
  await expect(logB).toContainText('Hoi Bregje, zin in koffie?');
  await expect(b).toHaveTitle(titleCounting(0));

  // A's next message appears in B's open chat, read as it lands; still free.
  await write(a, 'Bregje', 'Ik weet een leuk plekje aan het water.');
  await expect(logB).toContainText('Ik weet een leuk plekje aan het water.');
  await expect(b).toHaveTitle(titleCounting(0));
  expect(await ownCredits(a.request)).toBe(start);

  // A sends a gift: it costs its price, B sees it.
  await a.getByRole('button', { name: chat.composer.gift }).click();
  const picker = a.getByRole('dialog', { name: fill(chat.gifts.title, { name: 'Bregje' }) });
  await picker.getByRole('list', { name: chat.gifts.choose }).getByRole('button').first().click();
  const sendGiftSuffix = fill(chat.gifts.send_other.split('{{gift}}')[1]!, { count: gift.credits });
  await picker.getByRole('button', { name: new RegExp(`${sendGiftSuffix}$`) }).click();
  await expect(logB.getByText(new RegExp(`^${chat.gift.label.split('{{gift}}')[0]}`))).toBeVisible();
  await expect.poll(() => ownCredits(a.request)).toBe(start - gift.credits);
  await expect(a.getByText(fill(chat.cost.balance_other, { count: 0 }))).toBeVisible();

  // Out of credits: A's photo is refused with the buy prompt, and costs nothing.
  await sendPhoto(a);
  const buy = a.getByRole('dialog', { name: chat.prompt.buy.title });
  await expect(buy).toContainText(nlErrors.insufficient_credits);
  await expect(buy.getByRole('link', { name: chat.prompt.buy.action })).toHaveAttribute('href', '/credits');
  await buy.getByRole('button', { name: chat.prompt.later }).click();
  await expect(buy).toBeHidden();
  expect(await ownCredits(a.request)).toBe(0);

  // B sends a photo back (photos are never free); it appears in A's open chat.
  const startB = await ownCredits(b.request);
  await sendPhoto(b);
  await expect(logA.getByRole('img', { name: chat.photo.alt })).toBeVisible();
  await expect.poll(() => ownCredits(b.request)).toBe(startB - settings.photo_credits);

  // A starts a second conversation with the last free message; a third one is refused.
  const { members } = (await (await a.request.get('/api/members.php')).json()) as { members: Array<{ id: number }> };
  const [idC, idD] = members.map((member) => member.id).filter((id) => id !== idA && id !== idB);
  const second = await a.request.post('/api/message.php', { headers: XHR, data: { member_id: idC, body: 'Hallo!' } });
  expect(second.status()).toBe(200);
  expect(await ownCredits(a.request)).toBe(0);
  await a.goto(`/members/${idD}/chat`);
  await a.getByRole('button', { name: chat.icebreakers.own }).click();
  const field = a.getByRole('textbox', { name: new RegExp(`^${chat.composer.label.split('{{name}}')[0]}`) });
  await field.fill('Hoi daar!');
  await field.press('Enter');
  const premium = a.getByRole('dialog', { name: chat.prompt.premium.title });
  await expect(premium).toContainText(nlErrors.conversation_limit_reached);
  await expect(premium.getByRole('link', { name: chat.prompt.premium.action })).toHaveAttribute('href', '/premium');

  // Everything so far reached B without a reload.
  expect(await b.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

  // B goes back to the list (a phone's chat has a back button; a wide screen keeps the top
  // navigation) and deletes the chat there: it goes, and stays gone.
  if (testInfo.project.name === 'phone') await b.getByRole('button', { name: nlCommon.nav.back }).click();
  else {
    await b
      .getByRole('navigation', { name: nlCommon.nav.main })
      .getByRole('link', { name: new RegExp(`^${nlCommon.nav.messages}`) })
      .click();
  }
  await expect(b).toHaveURL(/\/chats$/);
  const list = b.getByRole('list', { name: chat.list.label });
  await list.getByRole('button', { name: fill(chat.list.delete, { name: 'Arjen' }) }).click();
  await b
    .getByRole('group', { name: fill(chat.list.confirmDelete, { name: 'Arjen' }) })
    .getByRole('button', { name: chat.list.confirm })
    .click();
  await expect(b.getByRole('heading', { name: nlMember.pages.chats.emptyTitle })).toBeVisible();
  await b.reload();
  await expect(b.getByRole('heading', { name: nlMember.pages.chats.emptyTitle })).toBeVisible();

  await a.context().close();
  await b.context().close();
});
