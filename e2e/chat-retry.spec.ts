import { expect, test, type Browser, type Page } from '@playwright/test';
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { fill, newConfirmedMember, ownCredits, skipEntryWarning } from './helpers';

/**
 * A send whose answer is lost on the way back (the server stored and charged it, the phone saw
 * a dropped connection) is retried by the app with the same idempotency key, and the server
 * answers the first message: the partner gets it once, and it is counted once.
 */
const chat = nlMember.chat;

async function ownBrowser(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await skipEntryWarning(page);
  return page;
}

test('a message whose answer was lost is retried with its key and arrives once', async ({ browser }, testInfo) => {
  test.setTimeout(60_000);
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  const a = await ownBrowser(browser);
  const b = await ownBrowser(browser);
  const idA = await newConfirmedMember(a, {
    email: `retry.a.${stamp}@example.test`,
    password: 'retry-wachtwoord',
    name: 'Anouk',
    gender: 'female',
  });
  const idB = await newConfirmedMember(b, {
    email: `retry.b.${stamp}@example.test`,
    password: 'retry-wachtwoord',
    name: 'Bram',
    gender: 'male',
  });
  const credits = await ownCredits(a.request);

  // The first attempt reaches the server, which stores the message; its answer never arrives.
  const keys: string[] = [];
  await a.route('**/api/message.php', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });

  await a.goto(`/members/${idB}/chat`);
  await a.getByRole('button', { name: chat.icebreakers.own }).click();
  // No digits: a new account's text with a number in it is held back as a phone number.
  const text = 'Hoi Bram, dit bericht komt precies een keer aan.';
  const field = a.getByRole('textbox', { name: fill(chat.composer.label, { name: 'Bram' }) });
  await field.fill(text);
  await field.press('Enter');

  await expect(a).toHaveURL(/\/chats\/\d+$/);
  const log = a.getByRole('log', { name: fill(chat.messages, { name: 'Bram' }) });
  await expect(log.getByText(text)).toHaveCount(1);
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[\w-]{16,64}$/);

  // The partner's side, from the server: one message, and A's balance moved as for one.
  const conversation = (await (await b.request.get(`/api/chat.php?member_id=${idA}`)).json()) as {
    messages: Array<{ body: string }>;
  };
  expect(conversation.messages.filter((m) => m.body === text)).toHaveLength(1);
  expect(await ownCredits(a.request)).toBe(credits);
});
