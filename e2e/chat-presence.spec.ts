import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { fill, newConfirmedMember, skipEntryWarning } from './helpers';

/**
 * Presence in a chat between two members, each in their own browser: while A types, B sees
 * that A is typing, and it goes when A's message lands; B reads it in the open chat and A sees
 * 'seen' under it, live and after a reload. B, opening the chat a moment after A typed, sees it
 * at once (decision 0087).
 */
const chat = nlMember.chat;

async function ownBrowser(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await skipEntryWarning(page);
  return page;
}

function composer(page: Page, partner: string) {
  return page.getByRole('textbox', { name: fill(chat.composer.label, { name: partner }) });
}

/** Anouk (A) and Bas (B), each in their own browser; A has started a chat with B and stays in it. */
async function chatStarted(browser: Browser, testInfo: TestInfo, journey: string) {
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  const a = await ownBrowser(browser);
  const b = await ownBrowser(browser);
  await newConfirmedMember(a, {
    email: `${journey}.a.${stamp}@example.test`,
    password: 'typ-wachtwoord',
    name: 'Anouk',
    gender: 'female',
  });
  const idB = await newConfirmedMember(b, {
    email: `${journey}.b.${stamp}@example.test`,
    password: 'typ-wachtwoord',
    name: 'Bas',
    gender: 'male',
  });
  await a.goto(`/members/${idB}/chat`);
  await a.getByRole('button', { name: chat.icebreakers.own }).click();
  await composer(a, 'Bas').fill('Hoi Bas!');
  await composer(a, 'Bas').press('Enter');
  await expect(a).toHaveURL(/\/chats\/\d+$/);
  return { a, b, path: new URL(a.url()).pathname };
}

test('A types and B sees it; B reads and A sees seen', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const { a, b, path } = await chatStarted(browser, testInfo, 'typing');

  // B opens the conversation too.
  await b.goto(path);
  const logB = b.getByRole('log', { name: fill(chat.messages, { name: 'Anouk' }) });
  await expect(logB).toContainText('Hoi Bas!');

  // A types without sending: B is told, in a polite live region.
  const typing = b.getByText(fill(chat.typing, { name: 'Anouk' }));
  await expect(typing).toHaveCount(0);
  await composer(a, 'Bas').pressSequentially('Zin in een wandeling', { delay: 20 });
  await expect(typing).toBeVisible({ timeout: 3_000 });
  await expect(b.locator('[aria-live="polite"]').filter({ has: typing })).toHaveCount(1);

  // The message lands: the indicator goes at once, and B, reading the open chat, has read it.
  await composer(a, 'Bas').press('Enter');
  await expect(logB).toContainText('Zin in een wandeling');
  await expect(typing).toHaveCount(0);

  // A sees 'seen' under that message, with its time; it stays after a reload.
  const logA = a.getByRole('log', { name: fill(chat.messages, { name: 'Bas' }) });
  const seen = logA.getByRole('button', { name: chat.seen });
  const seenMessage = logA.getByRole('listitem').filter({ has: a.getByRole('button', { name: chat.seen }) });
  await expect(seen).toHaveCount(1);
  await expect(seenMessage).toContainText('Zin in een wandeling');
  await expect(seen).toHaveAttribute('title', new RegExp(`^${chat.seenAt.split('{{time}}')[0]}`));
  await a.reload();
  await expect(seenMessage).toContainText('Zin in een wandeling');
  await expect(seen).toHaveCount(1);
});

test('B opens the chat a moment after A typed and sees it at once', async ({ browser }, testInfo) => {
  test.setTimeout(60_000);
  const { a, b, path } = await chatStarted(browser, testInfo, 'typing-shown');

  // B is on the chat list, which shows no conversation: A's typing is not sent there.
  await b.goto('/chats');
  const row = b.getByRole('list', { name: chat.list.label }).getByRole('link', { name: /Anouk/ });
  await expect(row).toContainText('Hoi Bas!');
  await composer(a, 'Bas').pressSequentially('Wandelen?', { delay: 20 });

  // A has stopped, so no frame of A's comes again: B, opening the chat within TYPING_SHOWN_MS,
  // sees the typing only if the server replays it (the wait stays inside those 5 s).
  await row.click();
  await expect(b).toHaveURL(new RegExp(`${path}$`));
  await expect(b.getByText(fill(chat.typing, { name: 'Anouk' }))).toBeVisible({ timeout: 4_000 });
});
