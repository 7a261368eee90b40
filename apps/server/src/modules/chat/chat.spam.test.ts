import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatsResponseSchema, MESSAGES_PER_MINUTE, NEW_ACCOUNT_DAYS, TYPING_INTERVAL_MS } from '@app/shared';
import { balanceOf, buildMember } from '../../../test/factories.js';
import { XHR, buildTestApp, expectSchemaAnswer, loginCookie, type TestApp } from '../../../test/helpers.js';
import type { members } from '../../db/schema/index.js';
import { conversationMembers, creditLedger, messages } from '../../db/schema/index.js';
import { CHAT_CHANNEL, type ChatMessageEvent } from '../../platform/bus/events.js';
import { createInProcessBus } from '../../platform/bus/index.js';
import { createLocalDiskStorage } from '../../platform/storage/index.js';
import { createMemberAnswers } from '../../plugins/member-answers.js';
import { createChatService, type ChatService } from './chat.service.js';
import { createTypingGate } from './typing.gate.js';

let t: TestApp;
let chat: ChatService;
const log = pino({ level: 'silent' });
const bus = createInProcessBus({ log });
const published: ChatMessageEvent[] = [];
beforeAll(async () => {
  await bus.subscribe(CHAT_CHANNEL, (event) => {
    if ((event as { type?: string }).type === 'message') published.push(event as ChatMessageEvent);
  });
  t = await buildTestApp({}, { bus });
  // The service the moderators' console calls, on the app's database and bus.
  const answers = createMemberAnswers({ bus, log });
  const typingGate = createTypingGate({ redis: null, intervalMs: TYPING_INTERVAL_MS, log });
  chat = createChatService({
    db: t.db,
    bus,
    answers,
    storage: createLocalDiskStorage(t.config.dataDir),
    typingGate,
    log,
  });
});
afterAll(async () => {
  await t?.close();
  await bus.close();
});

const CONTACT = 'Leuk! Bel me op 06 12 34 56 78';

/** A confirmed paying member with credits; new (signed up today) unless told otherwise. */
async function writer(member: Partial<typeof members.$inferInsert> = {}) {
  const { member: row } = await buildMember(t.db, { member: { paidUser: true, credits: 1000, ...member } });
  return { id: row.id, cookie: await loginCookie(t.db, row.id) };
}

function send(cookie: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/message.php', headers: { ...XHR, cookie, ...headers }, payload });
}

/** The chat list, checked against its schema: the server sends it unparsed. */
const chats = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/chats.php', headers: { cookie } });
  expectSchemaAnswer(ChatsResponseSchema, res);
  return res.json().chats;
};

const openChat = async (cookie: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/chat.php?${query}`, headers: { cookie } });

async function unreadOf(memberId: number, conversationId: number) {
  const [row] = await t.db
    .select({ unread: conversationMembers.unreadCount })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.memberId, memberId), eq(conversationMembers.conversationId, conversationId)));
  return row?.unread ?? null;
}

const eventsFor = (recipientId: number) => published.filter((event) => event.recipient_id === recipientId);

/**
 * The live events `senderId` caused for `recipientId`, once the bus delivered everything before:
 * a marker message from a third member arrives after them.
 */
async function eventsFrom(senderId: number, recipientId: number) {
  const marker = await writer({ signupDate: daysAgo(30) });
  const sent = (await send(marker.cookie, { member_id: recipientId, body: 'marker' })).json().message;
  await vi.waitFor(() => expect(eventsFor(recipientId).some((e) => e.message.id === sent.id)).toBe(true));
  return eventsFor(recipientId).filter((e) => e.message.sender_id === senderId);
}
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('a new account’s message with contact details', () => {
  it('is held: free, only in the sender’s thread, nothing reaches the recipient', async () => {
    const sender = await writer();
    const recipient = await writer();
    const res = await send(sender.cookie, { member_id: recipient.id, body: CONTACT });
    expect(res.statusCode, res.body).toBe(200);
    const { message, credits } = res.json();
    expect(message).toMatchObject({ body: CONTACT, from_me: true, held: true });
    expect(credits).toBe(1000);
    expect(await balanceOf(t.db, sender.id)).toBe(1000);
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, sender.id));
    expect(ledger.map((l) => l.reason)).toEqual(['seed']);
    const [stored] = await t.db.select().from(messages).where(eq(messages.id, message.id));
    expect(stored!.heldReason).toBe('contact_details');

    expect(await eventsFrom(sender.id, recipient.id)).toEqual([]);
    expect(await unreadOf(recipient.id, message.conversation_id)).toBeNull();
    expect((await chats(recipient.cookie)).map((entry: { profile_id: number }) => entry.profile_id)).not.toContain(
      sender.id,
    );
    const theirs = await openChat(recipient.cookie, `member_id=${sender.id}`);
    expect(theirs.json().messages).toEqual([]);

    const mine = await openChat(sender.cookie, `id=${message.conversation_id}`);
    expect(mine.json().messages).toEqual([expect.objectContaining({ id: message.id, held: true })]);
  });

  it('is held in an existing conversation too, without touching the recipient’s list entry', async () => {
    const sender = await writer();
    const recipient = await writer();
    const first = (await send(sender.cookie, { member_id: recipient.id, body: 'Hoi, leuk profiel!' })).json().message;
    const held = (
      await send(sender.cookie, { conversation_id: first.conversation_id, body: 'mail jan at gmail dot com' })
    ).json().message;
    expect(held.held).toBe(true);
    expect(await unreadOf(recipient.id, first.conversation_id)).toBe(1);
    const [entry] = await chats(recipient.cookie);
    expect(entry.last_message.body).toBe('Hoi, leuk profiel!');
    const theirs = await openChat(recipient.cookie, `id=${first.conversation_id}`);
    expect(theirs.json().messages.map((m: { id: number }) => m.id)).toEqual([first.id]);
  });

  it('goes out at once from an established account', async () => {
    const sender = await writer({ signupDate: daysAgo(NEW_ACCOUNT_DAYS + 1) });
    const recipient = await writer();
    const first = (await send(sender.cookie, { member_id: recipient.id, body: 'Hoi!' })).json().message;
    const earlier = Array.from({ length: 9 }, (_, i) => ({
      conversationId: first.conversation_id,
      senderId: sender.id,
      kind: 'text' as const,
      body: `eerder ${i}`,
    }));
    await t.db.insert(messages).values(earlier);
    const res = await send(sender.cookie, { conversation_id: first.conversation_id, body: CONTACT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.held).toBeUndefined();
    expect(res.json().credits).toBeLessThan(1000);
    await vi.waitFor(() => expect(eventsFor(recipient.id).map((e) => e.message.body)).toContain(CONTACT));
  });
});

describe('releaseHeldMessage and dropHeldMessage', () => {
  it('release delivers the message as if sent now: list entry, unread count, live event; still free', async () => {
    const sender = await writer();
    const recipient = await writer();
    const held = (await send(sender.cookie, { member_id: recipient.id, body: CONTACT })).json().message;
    await chat.releaseHeldMessage(held.id);

    const [stored] = await t.db.select().from(messages).where(eq(messages.id, held.id));
    expect(stored!.heldReason).toBeNull();
    expect(await unreadOf(recipient.id, held.conversation_id)).toBe(1);
    await vi.waitFor(() =>
      expect(eventsFor(recipient.id)).toEqual([
        expect.objectContaining({ first: true, message: expect.objectContaining({ id: held.id, body: CONTACT }) }),
      ]),
    );
    const [entry] = await chats(recipient.cookie);
    expect(entry).toMatchObject({ id: held.conversation_id, num_unread_messages: 1 });
    expect(entry.last_message.body).toBe(CONTACT);
    const mine = await openChat(sender.cookie, `id=${held.conversation_id}`);
    expect(mine.json().messages[0].held).toBeUndefined();
    expect(await balanceOf(t.db, sender.id)).toBe(1000);

    await expect(chat.releaseHeldMessage(held.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('drop deletes the held message; the recipient never sees it', async () => {
    const sender = await writer();
    const recipient = await writer();
    const held = (await send(sender.cookie, { member_id: recipient.id, body: CONTACT })).json().message;
    expect(await chats(recipient.cookie)).toEqual([]);
    await chat.dropHeldMessage(held.id);
    expect(await t.db.select().from(messages).where(eq(messages.id, held.id))).toEqual([]);
    expect(await eventsFrom(sender.id, recipient.id)).toEqual([]);
    await expect(chat.dropHeldMessage(held.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('repeated opening messages', () => {
  it('refuses the third conversation opened with the same text within a day, storing and charging nothing', async () => {
    const sender = await writer();
    const [a, b, c] = await Promise.all([writer(), writer(), writer()]);
    expect((await send(sender.cookie, { member_id: a.id, body: 'Hoi schoonheid, zin in een date?' })).statusCode).toBe(
      200,
    );
    expect(
      (await send(sender.cookie, { member_id: b.id, body: '  hoi SCHOONHEID,   zin in een date? ' })).statusCode,
    ).toBe(200);
    const balance = await balanceOf(t.db, sender.id);
    const stored = (await t.db.select().from(messages).where(eq(messages.senderId, sender.id))).length;

    const res = await send(sender.cookie, { member_id: c!.id, body: 'Hoi schoonheid, zin in een date?' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'repeated_message',
      message: 'Je stuurt hetzelfde bericht naar veel leden. Schrijf iedereen een eigen bericht.',
    });
    expect(await balanceOf(t.db, sender.id)).toBe(balance);
    expect((await t.db.select().from(messages).where(eq(messages.senderId, sender.id))).length).toBe(stored);

    // Another text, or the same one in a conversation that already runs, still goes.
    expect(
      (await send(sender.cookie, { member_id: c!.id, body: 'Hoi, ik zag dat je ook van zeilen houdt!' })).statusCode,
    ).toBe(200);
    const ongoing = (await chats(sender.cookie)).find((entry: { profile_id: number }) => entry.profile_id === a!.id);
    expect(
      (await send(sender.cookie, { conversation_id: ongoing.id, body: 'Hoi schoonheid, zin in een date?' })).statusCode,
    ).toBe(200);
  });
});

describe('message rate limit', () => {
  it(`answers 429 rate_limited after ${MESSAGES_PER_MINUTE} messages in a minute, per member`, async () => {
    const sender = await writer();
    const other = await writer();
    const recipient = await writer();
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) {
      expect((await send(sender.cookie, { member_id: recipient.id, body: `Bericht ${i}` })).statusCode).toBe(200);
    }
    const refused = await send(sender.cookie, { member_id: recipient.id, body: 'nog een' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    // Keyed by member: another member from the same address may still write.
    expect((await send(other.cookie, { member_id: recipient.id, body: 'Hoi!' })).statusCode).toBe(200);
  });
});

describe('a shadow-banned sender', () => {
  it('sees the message sent and paid; the recipient never gets it', async () => {
    const sender = await writer({ shadowBannedAt: new Date(), signupDate: daysAgo(30) });
    const recipient = await writer();
    const res = await send(sender.cookie, { member_id: recipient.id, body: 'Hoi, hoe gaat het?' });
    expect(res.statusCode, res.body).toBe(200);
    const { message, credits } = res.json();
    expect(message.held).toBeUndefined();
    expect(credits).toBeLessThan(1000);
    expect(await unreadOf(recipient.id, message.conversation_id)).toBeNull();
    expect(await chats(recipient.cookie)).toEqual([]);
    expect((await openChat(recipient.cookie, `id=${message.conversation_id}`)).json().messages).toEqual([]);

    // Paid members' messages into a running conversation take the one-statement path: hidden too.
    const next = await send(sender.cookie, { conversation_id: message.conversation_id, body: 'Ben je er nog?' });
    expect(next.statusCode).toBe(200);
    expect(await eventsFrom(sender.id, recipient.id)).toEqual([]);
    expect(await unreadOf(recipient.id, message.conversation_id)).toBeNull();
    const mine = await openChat(sender.cookie, `id=${message.conversation_id}`);
    expect(mine.json().messages).toHaveLength(2);
  });
});
