import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBlock, buildMember, mailsTo, tokenOf, uniqueEmail } from '../../../test/factories.js';
import { XHR, buildTestApp, signupBody, type TestApp } from '../../../test/helpers.js';
import {
  conversationMembers,
  conversations,
  creditLedger,
  members,
  messages,
  pendingFirstMessages,
} from '../../db/schema/index.js';
import { CHAT_CHANNEL } from '../../platform/bus/events.js';
import { createInProcessBus } from '../../platform/bus/index.js';

const GENEROUS = { max: 1000, timeWindow: 60_000 };

let t: TestApp;
const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
const published: unknown[] = [];
beforeAll(async () => {
  await bus.subscribe(CHAT_CHANNEL, (event) => void published.push(event));
  t = await buildTestApp(
    { eraseJobIntervalMinutes: 0 },
    { bus, accountRateLimits: { signup: GENEROUS, passwordCheck: GENEROUS } },
  );
});
afterAll(async () => {
  await t?.close();
  await bus.close();
});

/** Signs up through /members/{recipient}/signup with a first message; answers the new member's id and e-mail. */
async function signUpWithMessage(recipientId: number, message: string) {
  const email = uniqueEmail('first-message');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: XHR,
    payload: signupBody(email, {
      name: 'Schrijver',
      gender: 'male',
      recipient_id: recipientId,
      signup_message: message,
    }),
  });
  expect(res.statusCode).toBe(200);
  return {
    id: res.json().user.profile.id as number,
    email,
    cookie: `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`,
  };
}

async function activate(email: string) {
  const [mail] = await mailsTo(t.db, email);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/activate.php?token=${tokenOf(mail!.text, '/api/activate.php')}`,
  });
  expect(res.headers.location).toBe('/activate/done');
}

async function conversationOf(a: number, b: number) {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await t.db.select().from(conversations).where(eq(conversations.memberLowId, low));
  return row && row.memberHighId === high ? row : undefined;
}

describe('first messages written during signup', () => {
  it('wait until the e-mail is confirmed, then arrive once as an unread message', async () => {
    const { member: recipient } = await buildMember(t.db, { profile: { name: 'Lotte', gender: 'female' } });
    const sender = await signUpWithMessage(recipient.id, 'Hoi Lotte, leuk profiel!');

    expect(await conversationOf(sender.id, recipient.id)).toBeUndefined();
    expect(
      await t.db.select().from(pendingFirstMessages).where(eq(pendingFirstMessages.senderId, sender.id)),
    ).toHaveLength(1);

    await activate(sender.email);
    const conversation = await conversationOf(sender.id, recipient.id);
    expect(conversation).toMatchObject({ startedBy: sender.id });
    const sent = await t.db.select().from(messages).where(eq(messages.conversationId, conversation!.id));
    expect(sent).toEqual([
      expect.objectContaining({ senderId: sender.id, body: 'Hoi Lotte, leuk profiel!', credits: 0 }),
    ]);
    const sides = await t.db
      .select()
      .from(conversationMembers)
      .where(eq(conversationMembers.conversationId, conversation!.id));
    expect(Object.fromEntries(sides.map((s) => [s.memberId, s.unreadCount]))).toEqual({
      [sender.id]: 0,
      [recipient.id]: 1,
    });
    expect(await t.db.select().from(pendingFirstMessages).where(eq(pendingFirstMessages.senderId, sender.id))).toEqual(
      [],
    );
    // Events are delivered asynchronously, as over Redis.
    await vi.waitFor(() =>
      expect(published).toContainEqual({
        type: 'message',
        recipient_id: recipient.id,
        first: true,
        message: {
          id: sent[0]!.id,
          conversation_id: conversation!.id,
          sender_id: sender.id,
          kind: 'text',
          body: 'Hoi Lotte, leuk profiel!',
          image: null,
          gift: null,
          credits: 0,
          at: sent[0]!.createdAt.toISOString(),
        },
      }),
    );

    // A second click on the activation link delivers nothing twice.
    await activate(sender.email);
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, conversation!.id))).toHaveLength(1);
  });

  it('are not delivered to a recipient who blocked the sender or can no longer be found', async () => {
    const { member: blocker } = await buildMember(t.db, { profile: { gender: 'female' } });
    const { member: hidden } = await buildMember(t.db, { member: { invisible: true }, profile: { gender: 'female' } });
    const first = await signUpWithMessage(blocker.id, 'Hallo');
    await buildBlock(t.db, blocker.id, first.id);
    const second = await signUpWithMessage(hidden.id, 'Hallo');

    await activate(first.email);
    await activate(second.email);
    expect(await conversationOf(first.id, blocker.id)).toBeUndefined();
    expect(await conversationOf(second.id, hidden.id)).toBeUndefined();
    expect(await t.db.select().from(pendingFirstMessages).where(eq(pendingFirstMessages.senderId, first.id))).toEqual(
      [],
    );
  });

  it('are delivered when a confirmed new e-mail address confirms the account instead', async () => {
    const { member: recipient } = await buildMember(t.db, { profile: { gender: 'female' } });
    const sender = await signUpWithMessage(recipient.id, 'Via mijn nieuwe adres');
    const next = uniqueEmail('moved-sender');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/email-change.php',
      headers: { ...XHR, cookie: sender.cookie },
      payload: { email: next, password: 'a fine password' },
    });
    expect(change.statusCode).toBe(200);
    const [mail] = await mailsTo(t.db, next);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/email-change-do.php',
      headers: XHR,
      payload: { token: tokenOf(mail!.text, '/mail-change/do') },
    });
    expect(confirmed.statusCode).toBe(200);
    const conversation = await conversationOf(sender.id, recipient.id);
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, conversation!.id))).toHaveLength(1);
  });

  it("leave the signup credits, which open the member's credit ledger, and the free messages untouched", async () => {
    const { member: recipient } = await buildMember(t.db, { profile: { gender: 'female' } });
    const sender = await signUpWithMessage(recipient.id, 'Hoi!');
    const { settings } = (await t.app.inject({ method: 'GET', url: '/api/settings.php' })).json();
    const [row] = await t.db.select({ credits: members.credits }).from(members).where(eq(members.id, sender.id));
    expect(row!.credits).toBe(settings.signup_credits);
    expect(await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, sender.id))).toEqual([
      expect.objectContaining({
        delta: settings.signup_credits,
        reason: 'signup',
        balanceAfter: settings.signup_credits,
        messageId: null,
      }),
    ]);

    await activate(sender.email);
    const chat = await t.app.inject({
      method: 'GET',
      url: `/api/chat.php?member_id=${recipient.id}`,
      headers: { cookie: sender.cookie },
    });
    expect(chat.json()).toMatchObject({
      messages: [{ body: 'Hoi!', from_me: true, credits: 0 }],
      free_messages_left: settings.free_messages,
    });
  });
});
