import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatsResponseSchema, FREE_CONVERSATION_LIMIT, type SiteSettings } from '@app/shared';
import { balanceOf, buildBlock, buildMember, ledgerOf, setCredits } from '../../../test/factories.js';
import { XHR, buildTestApp, expectSchemaAnswer, loginCookie, type TestApp } from '../../../test/helpers.js';
import { blocks, conversationMembers, members, messages } from '../../db/schema/index.js';
import { CHAT_CHANNEL, CREDITS_CHANNEL } from '../../platform/bus/events.js';
import { createInProcessBus } from '../../platform/bus/index.js';
import { findPartner, markRead } from './chat.repository.js';

let t: TestApp;
let site: SiteSettings;
const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
const published: unknown[] = [];
beforeAll(async () => {
  await bus.subscribe(CHAT_CHANNEL, (event) => void published.push(event));
  await bus.subscribe(CREDITS_CHANNEL, (event) => void published.push(event));
  // Some tests send dozens of messages at once: the per-member limit has its own test.
  t = await buildTestApp({}, { bus, messageRateLimit: { max: 1000, timeWindow: 60_000 } });
  site = (await t.app.inject({ method: 'GET', url: '/api/settings.php' })).json().settings;
});
afterAll(async () => {
  await t?.close();
  await bus.close();
});

/** A confirmed member who may write: premium unless told otherwise, with the credits given. */
async function writer(member: Partial<typeof members.$inferInsert> = {}) {
  const { member: row } = await buildMember(t.db, { member: { paidUser: true, credits: 1000, ...member } });
  return { id: row.id, cookie: await loginCookie(t.db, row.id) };
}

function send(cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/message.php', headers: { ...XHR, cookie }, payload });
}

/** The chat list, checked against its schema: the server sends it unparsed. */
async function chats(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/chats.php', headers: { cookie } });
  expectSchemaAnswer(ChatsResponseSchema, res);
  return res;
}

describe('POST /api/message.php', () => {
  it('stores the message, debits its credits with a ledger row and answers the new balance', async () => {
    const sender = await writer({ credits: 50 });
    const { member: recipient } = await buildMember(t.db);
    const res = await send(sender.cookie, { member_id: recipient.id, body: '  Hoi!  ' });
    expect(res.statusCode).toBe(200);
    const { message, credits } = res.json();
    expect(message).toMatchObject({ body: 'Hoi!', from_me: true, kind: 'text', credits: site.message_credits });
    expect(credits).toBe(50 - site.message_credits);
    expect(await balanceOf(t.db, sender.id)).toBe(credits);
    expect(await ledgerOf(t.db, sender.id)).toEqual([
      expect.objectContaining({
        delta: -site.message_credits,
        reason: 'message',
        messageId: message.id,
        balanceAfter: credits,
      }),
    ]);

    // Announced once stored, with the new balance; events are delivered asynchronously, as over Redis.
    const { from_me: _fromMe, ...shared } = message;
    await vi.waitFor(() => {
      expect(published).toContainEqual({ type: 'message', recipient_id: recipient.id, first: true, message: shared });
      expect(published).toContainEqual({ type: 'credits', member_id: sender.id, credits });
    });

    const again = await send(sender.cookie, { conversation_id: message.conversation_id, body: 'Nog een' });
    expect(again.json().message.conversation_id).toBe(message.conversation_id);
    // Only the message that opened the conversation is announced as its first.
    await vi.waitFor(() =>
      expect(published).toContainEqual(
        expect.objectContaining({
          type: 'message',
          first: false,
          message: expect.objectContaining({ id: again.json().message.id }),
        }),
      ),
    );
  });

  it('sends all the same when the bus fails: the failure is only logged', async () => {
    const failing = createInProcessBus({ log: pino({ level: 'silent' }) });
    const other = await buildTestApp({}, { db: t.db, bus: failing });
    // A closed bus refuses every publish.
    await failing.close();
    try {
      const sender = await writer();
      const { member: recipient } = await buildMember(t.db);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/message.php',
        headers: { ...XHR, cookie: sender.cookie },
        payload: { member_id: recipient.id, body: 'Hoi' },
      });
      expect(res.statusCode).toBe(200);
      expect(await t.db.select().from(messages).where(eq(messages.senderId, sender.id))).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('never overdraws: 50 concurrent sends with credits for 10 store exactly 10', async () => {
    const sender = await writer({ credits: site.message_credits * 10 });
    const { member: recipient } = await buildMember(t.db);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(sender.cookie, { member_id: recipient.id, body: `Bericht ${i}` })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 402).map((r) => r.json().error)).toEqual(
      Array(40).fill('insufficient_credits'),
    );
    expect(await balanceOf(t.db, sender.id)).toBe(0);
    expect(await t.db.select().from(messages).where(eq(messages.senderId, sender.id))).toHaveLength(10);
    const ledger = await ledgerOf(t.db, sender.id);
    expect(ledger).toHaveLength(10);
    expect(ledger.map((row) => row.balanceAfter)).toEqual(
      Array.from({ length: 10 }, (_, i) => site.message_credits * (9 - i)),
    );
  });

  it('never overdraws in a conversation the pair has: 50 concurrent sends with credits for 10 store exactly 10', async () => {
    const sender = await writer({ credits: site.message_credits * 11 });
    const { member: recipient } = await buildMember(t.db);
    const first = await send(sender.cookie, { member_id: recipient.id, body: 'Eerste' });
    const conversation = first.json().message.conversation_id;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(
          sender.cookie,
          i % 2
            ? { conversation_id: conversation, body: `Bericht ${i}` }
            : { member_id: recipient.id, body: `Bericht ${i}` },
        ),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 402)).toHaveLength(40);
    expect(await balanceOf(t.db, sender.id)).toBe(0);
    expect(await t.db.select().from(messages).where(eq(messages.senderId, sender.id))).toHaveLength(11);
    const ledger = await ledgerOf(t.db, sender.id);
    expect(ledger.map((row) => row.balanceAfter)).toEqual(
      Array.from({ length: 11 }, (_, i) => site.message_credits * (10 - i)),
    );
    const listed = (await chats(await loginCookie(t.db, recipient.id))).json().chats;
    expect(listed).toEqual([expect.objectContaining({ id: conversation, num_unread_messages: 11 })]);
  });

  it('refuses, and stores nothing, in a conversation the pair has once the rules no longer hold', async () => {
    const sender = await writer();
    const { member: recipient } = await buildMember(t.db);
    const first = await send(sender.cookie, { member_id: recipient.id, body: 'Eerste' });
    const conversation = first.json().message.conversation_id;
    const balance = await balanceOf(t.db, sender.id);
    const again = () => send(sender.cookie, { conversation_id: conversation, body: 'Nog een' });

    await buildBlock(t.db, recipient.id, sender.id);
    expect((await again()).statusCode).toBe(404);
    await t.db.delete(blocks).where(eq(blocks.blockerId, recipient.id));
    await t.db.update(members).set({ status: 'not_confirmed' }).where(eq(members.id, sender.id));
    expect((await again()).json().error).toBe('account_not_confirmed');
    await t.db.update(members).set({ status: 'confirmed' }).where(eq(members.id, sender.id));
    await setCredits(t.db, sender.id, site.message_credits - 1);
    expect((await again()).statusCode).toBe(402);
    await setCredits(t.db, sender.id, balance);
    await t.db.update(members).set({ invisible: true }).where(eq(members.id, recipient.id));
    expect((await again()).statusCode).toBe(404);
    const stranger = await writer();
    expect((await send(stranger.cookie, { conversation_id: conversation, body: 'Ik ook' })).statusCode).toBe(404);

    expect(await t.db.select().from(messages).where(eq(messages.conversationId, conversation))).toHaveLength(1);
    expect((await ledgerOf(t.db, sender.id)).filter((l) => l.reason === 'message')).toHaveLength(1);
  });

  it('answers a translated insufficient_credits and changes nothing when the credits do not suffice', async () => {
    const sender = await writer({ credits: site.message_credits - 1 });
    const { member: recipient } = await buildMember(t.db);
    const res = await send(sender.cookie, { member_id: recipient.id, body: 'Hallo' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      error: 'insufficient_credits',
      message: 'Je hebt niet genoeg credits. Koop credits om verder te chatten.',
    });
    expect(await balanceOf(t.db, sender.id)).toBe(site.message_credits - 1);
    expect(await t.db.select().from(messages).where(eq(messages.senderId, sender.id))).toEqual([]);
    expect((await chats(sender.cookie)).json().chats).toEqual([]);
  });

  it('lets a free member send the first free_messages messages for nothing, then charges', async () => {
    const sender = await writer({ paidUser: false, credits: site.message_credits });
    const { member: recipient } = await buildMember(t.db);
    for (let i = 0; i < site.free_messages; i++) {
      const res = await send(sender.cookie, { member_id: recipient.id, body: `Gratis ${i}` });
      expect(res.json()).toMatchObject({ message: { credits: 0 }, credits: site.message_credits });
    }
    const paid = await send(sender.cookie, { member_id: recipient.id, body: 'Betaald' });
    expect(paid.json()).toMatchObject({ message: { credits: site.message_credits }, credits: 0 });
    expect((await send(sender.cookie, { member_id: recipient.id, body: 'Op' })).statusCode).toBe(402);
  });

  it('refuses an unconfirmed sender', async () => {
    const sender = await writer({ status: 'not_confirmed' });
    const { member: recipient } = await buildMember(t.db);
    const res = await send(sender.cookie, { member_id: recipient.id, body: 'Hallo' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'account_not_confirmed',
      message: 'Bevestig eerst je e-mailadres om berichten te sturen.',
    });
    expect(await balanceOf(t.db, sender.id)).toBe(1000);
  });

  it('answers 404 for blocked (either way), invisible, deleted, disabled and unknown recipients, and oneself', async () => {
    const sender = await writer();
    const { member: blocker } = await buildMember(t.db);
    const { member: blocked } = await buildMember(t.db);
    await buildBlock(t.db, blocker.id, sender.id);
    await buildBlock(t.db, sender.id, blocked.id);
    const { member: invisible } = await buildMember(t.db, { member: { invisible: true } });
    const { member: deleted } = await buildMember(t.db, { member: { deletedAt: new Date() } });
    const { member: disabled } = await buildMember(t.db, { profile: { status: 'disabled' } });
    for (const id of [blocker.id, blocked.id, invisible.id, deleted.id, disabled.id, sender.id, 999_999_999]) {
      const res = await send(sender.cookie, { member_id: id, body: 'Hallo' });
      expect(res.statusCode, `member ${id}`).toBe(404);
    }
    expect(await balanceOf(t.db, sender.id)).toBe(1000);
  });

  it('answers 404 for a conversation the sender is not in, and when the partner blocked them since', async () => {
    const a = await writer();
    const b = await writer();
    const outsider = await writer();
    const first = await send(a.cookie, { member_id: b.id, body: 'Hoi' });
    const conversation = first.json().message.conversation_id;
    expect((await send(outsider.cookie, { conversation_id: conversation, body: 'Ik ook' })).statusCode).toBe(404);
    await buildBlock(t.db, b.id, a.id);
    expect((await send(a.cookie, { conversation_id: conversation, body: 'Nog daar?' })).statusCode).toBe(404);
  });

  it('limits a free member to FREE_CONVERSATION_LIMIT started conversations; replies and premium members are not limited', async () => {
    const free = await writer({ paidUser: false });
    const others = await Promise.all(
      Array.from({ length: FREE_CONVERSATION_LIMIT + 1 }, () => buildMember(t.db).then((m) => m.member)),
    );
    for (const other of others.slice(0, FREE_CONVERSATION_LIMIT)) {
      expect((await send(free.cookie, { member_id: other.id, body: 'Hoi' })).statusCode).toBe(200);
    }
    const refused = await send(free.cookie, { member_id: others.at(-1)!.id, body: 'Hoi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('conversation_limit_reached');
    // Writing on in a started conversation is fine, and so is answering someone else's.
    expect((await send(free.cookie, { member_id: others[0]!.id, body: 'Nog eens' })).statusCode).toBe(200);
    const starter = await writer();
    await send(starter.cookie, { member_id: free.id, body: 'Hallo jij' });
    expect((await send(free.cookie, { member_id: starter.id, body: 'Hallo terug' })).statusCode).toBe(200);

    // Each its own opening: the same text to three members is refused as a mass mailing.
    const premium = await writer();
    for (const other of others) {
      expect((await send(premium.cookie, { member_id: other.id, body: `Hoi ${other.id}` })).statusCode).toBe(200);
    }
  });

  it('keeps to settings.message_length and refuses an empty message', async () => {
    const sender = await writer();
    const { member: recipient } = await buildMember(t.db);
    const tooLong = await send(sender.cookie, { member_id: recipient.id, body: 'x'.repeat(site.message_length + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.body).toBe(`Gebruik hoogstens ${site.message_length} tekens.`);
    expect((await send(sender.cookie, { member_id: recipient.id, body: '   ' })).statusCode).toBe(400);
    const longest = await send(sender.cookie, { member_id: recipient.id, body: 'x'.repeat(site.message_length) });
    expect(longest.statusCode).toBe(200);
  });

  it('needs a login and the request-type header', async () => {
    const sender = await writer();
    const { member: recipient } = await buildMember(t.db);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: XHR,
      payload: { member_id: recipient.id, body: 'Hoi' },
    });
    expect(visitor.json().error).toBe('authentication_required');
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: { cookie: sender.cookie },
      payload: { member_id: recipient.id, body: 'Hoi' },
    });
    expect(noHeader.json().error).toBe('request_type_required');
  });
});

describe('chats', () => {
  it('lists chats newest first with the card, unread count and last message; opening resets unread', async () => {
    const me = await writer();
    const first = await writer();
    const second = await writer();
    await send(first.cookie, { member_id: me.id, body: 'Eerste' });
    await send(first.cookie, { member_id: me.id, body: 'Tweede' });
    await send(second.cookie, { member_id: me.id, body: 'Van de ander' });

    const list = (await chats(me.cookie)).json().chats;
    expect(list.map((c: { profile_id: number }) => c.profile_id)).toEqual([second.id, first.id]);
    expect(list[1]).toMatchObject({
      profile_id: first.id,
      num_unread_messages: 2,
      profile: { id: first.id },
      last_message: { body: 'Tweede', kind: 'text', from_me: false },
    });

    await send(me.cookie, { member_id: first.id, body: 'Terug' });
    const after = (await chats(me.cookie)).json().chats;
    expect(after[0]).toMatchObject({ profile_id: first.id, last_message: { body: 'Terug', from_me: true } });

    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/chat.php?id=${after[0].id}`,
      headers: { cookie: me.cookie },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: after[0].id, profile: { id: first.id }, next: null });
    expect(opened.json().messages.map((m: { body: string }) => m.body)).toEqual(['Terug', 'Tweede', 'Eerste']);
    const read = (await chats(me.cookie)).json().chats;
    expect(read[0].num_unread_messages).toBe(0);
    expect(read[1].num_unread_messages).toBe(1);
  });

  it('leaves out chats with blocked or deleted partners', async () => {
    const me = await writer();
    const blocker = await writer();
    const leaver = await writer();
    await send(blocker.cookie, { member_id: me.id, body: 'Hoi' });
    await send(leaver.cookie, { member_id: me.id, body: 'Hoi' });
    await buildBlock(t.db, blocker.id, me.id);
    await t.db.update(members).set({ deletedAt: new Date() }).where(eq(members.id, leaver.id));
    expect((await chats(me.cookie)).json().chats).toEqual([]);
  });

  it('pages messages by id, newest first', async () => {
    const me = await writer();
    const other = await writer();
    for (let i = 0; i < 52; i++) await send(me.cookie, { member_id: other.id, body: `m${i}` });
    const [chat] = (await chats(me.cookie)).json().chats;
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/chat.php?id=${chat.id}`, headers: { cookie: me.cookie } })
    ).json();
    expect(page.messages).toHaveLength(50);
    expect(page.messages[0].body).toBe('m51');
    const older = (
      await t.app.inject({
        method: 'GET',
        url: `/api/chat.php?id=${chat.id}&before=${page.next}`,
        headers: { cookie: me.cookie },
      })
    ).json();
    expect(older.messages.map((m: { body: string }) => m.body)).toEqual(['m1', 'm0']);
    expect(older.next).toBeNull();
  });

  it('DELETE hides a chat until a new message arrives', async () => {
    const me = await writer();
    const other = await writer();
    const sent = (await send(other.cookie, { member_id: me.id, body: 'Hoi' })).json();
    const conversation = sent.message.conversation_id;
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/chat.php',
      headers: { ...XHR, cookie: me.cookie },
      payload: { conversation },
    });
    expect(del.json()).toEqual({ ok: true });
    expect((await chats(me.cookie)).json().chats).toEqual([]);
    expect((await chats(other.cookie)).json().chats).toHaveLength(1);
    await send(other.cookie, { conversation_id: conversation, body: 'Ben je er nog?' });
    expect((await chats(me.cookie)).json().chats).toEqual([
      expect.objectContaining({ id: conversation, last_message: expect.objectContaining({ body: 'Ben je er nog?' }) }),
    ]);
  });

  it('only participants may open or delete a chat', async () => {
    const a = await writer();
    const b = await writer();
    const outsider = await writer();
    const conversation = (await send(a.cookie, { member_id: b.id, body: 'Hoi' })).json().message.conversation_id;
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/chat.php?id=${conversation}`,
      headers: { cookie: outsider.cookie },
    });
    expect(open.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/chat.php',
      headers: { ...XHR, cookie: outsider.cookie },
      payload: { conversation },
    });
    expect(del.statusCode).toBe(404);
    expect((await chats(b.cookie)).json().chats).toHaveLength(1);
  });
});

describe('prepared reads', () => {
  function open(cookie: string, query: string) {
    return t.app.inject({ method: 'GET', url: `/api/chat.php?${query}`, headers: { cookie } });
  }

  /** What a member sees of each chat: the list entry and the opened chat, in list order. */
  async function seen(viewer: { cookie: string }) {
    const list = (await chats(viewer.cookie)).json().chats;
    return Promise.all(
      list.map(async (chat: { id: number; profile_id: number; last_message: { body: string; from_me: boolean } }) => {
        const opened = (await open(viewer.cookie, `id=${chat.id}`)).json();
        return {
          partner: chat.profile_id,
          last: [chat.last_message.body, chat.last_message.from_me],
          profile: opened.profile.id,
          messages: opened.messages.map((m: { body: string; from_me: boolean }) => [m.body, m.from_me]),
          free: opened.free_messages_left,
        };
      }),
    );
  }

  it('answers each member their own chats, messages and free messages, whoever asked before', async () => {
    const a = await writer();
    const b = await writer({ paidUser: false, credits: 0 });
    const c = await writer();
    await send(a.cookie, { member_id: c.id, body: 'Van a' });
    await send(b.cookie, { member_id: c.id, body: 'Van b' });
    await send(c.cookie, { member_id: a.id, body: 'Terug naar a' });
    const freeLeft = site.free_messages - 1;
    for (let round = 0; round < 2; round++) {
      expect(await seen(a)).toEqual([
        {
          partner: c.id,
          last: ['Terug naar a', false],
          profile: c.id,
          messages: [
            ['Terug naar a', false],
            ['Van a', true],
          ],
          free: 0,
        },
      ]);
      expect(await seen(b)).toEqual([
        { partner: c.id, last: ['Van b', true], profile: c.id, messages: [['Van b', true]], free: freeLeft },
      ]);
      expect(await seen(c)).toEqual([
        {
          partner: a.id,
          last: ['Terug naar a', true],
          profile: a.id,
          messages: [
            ['Terug naar a', true],
            ['Van a', false],
          ],
          free: 0,
        },
        { partner: b.id, last: ['Van b', false], profile: b.id, messages: [['Van b', false]], free: 0 },
      ]);
      expect((await open(b.cookie, `member_id=${a.id}`)).json()).toMatchObject({
        id: null,
        profile: { id: a.id },
        free_messages_left: freeLeft,
      });
      expect((await open(a.cookie, `member_id=${b.id}`)).json()).toMatchObject({
        id: null,
        profile: { id: b.id },
        free_messages_left: 0,
      });
    }
  });

  it('finds the partner and marks read inside a transaction on that transaction, and outside it', async () => {
    const a = await writer();
    const b = await writer();
    const conversation = (await send(a.cookie, { member_id: b.id, body: 'Hoi' })).json().message.conversation_id;
    const unread = async () => {
      const [entry] = await t.db
        .select({ unread: conversationMembers.unreadCount })
        .from(conversationMembers)
        .where(and(eq(conversationMembers.conversationId, conversation), eq(conversationMembers.memberId, b.id)));
      return entry?.unread;
    };
    const rollback = new Error('rolled back by the test');
    await expect(
      t.db.transaction(async (tx) => {
        expect(await findPartner(tx, conversation, b.id)).toBe(a.id);
        expect(await findPartner(tx, conversation, a.id)).toBe(b.id);
        await markRead(tx, conversation, b.id, new Date());
        const [entry] = await tx
          .select({ unread: conversationMembers.unreadCount })
          .from(conversationMembers)
          .where(and(eq(conversationMembers.conversationId, conversation), eq(conversationMembers.memberId, b.id)));
        expect(entry?.unread).toBe(0);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await unread()).toBe(1);
    expect(await findPartner(t.db, conversation, a.id)).toBe(b.id);
    expect(await findPartner(t.db, conversation, (await writer()).id)).toBeNull();
    await markRead(t.db, conversation, b.id, new Date());
    expect(await unread()).toBe(0);
  });
});

describe('opening, reading and closed chats', () => {
  function open(cookie: string, query: string) {
    return t.app.inject({ method: 'GET', url: `/api/chat.php?${query}`, headers: { cookie } });
  }

  function markRead(cookie: string, conversation: number) {
    return t.app.inject({
      method: 'POST',
      url: '/api/chat-read.php',
      headers: { ...XHR, cookie },
      payload: { conversation },
    });
  }

  it('opens by member_id: the conversation when there is one, else an empty chat with the profile', async () => {
    const me = await writer();
    const other = await writer();
    const empty = await open(me.cookie, `member_id=${other.id}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      id: null,
      profile: { id: other.id },
      messages: [],
      next: null,
      closed: false,
      free_messages_left: 0,
    });
    const sent = (await send(other.cookie, { member_id: me.id, body: 'Hoi' })).json();
    const opened = await open(me.cookie, `member_id=${other.id}`);
    expect(opened.json()).toMatchObject({
      id: sent.message.conversation_id,
      messages: [{ id: sent.message.id, body: 'Hoi', from_me: false }],
    });
    expect((await chats(me.cookie)).json().chats[0].num_unread_messages).toBe(0);
  });

  it('answers 404 by member_id for oneself, unknown, blocked (either way), invisible, deleted and disabled members', async () => {
    const me = await writer();
    const { member: blocker } = await buildMember(t.db);
    const { member: blocked } = await buildMember(t.db);
    await buildBlock(t.db, blocker.id, me.id);
    await buildBlock(t.db, me.id, blocked.id);
    const { member: invisible } = await buildMember(t.db, { member: { invisible: true } });
    const { member: deleted } = await buildMember(t.db, { member: { deletedAt: new Date() } });
    const { member: disabled } = await buildMember(t.db, { profile: { status: 'disabled' } });
    for (const id of [me.id, 999_999_999, blocker.id, blocked.id, invisible.id, deleted.id, disabled.id]) {
      expect((await open(me.cookie, `member_id=${id}`)).statusCode, `member ${id}`).toBe(404);
    }
    expect((await open(me.cookie, 'before=1')).statusCode).toBe(400);
  });

  it('keeps a chat readable but closed once the partner cannot be written to', async () => {
    const me = await writer();
    const other = await writer();
    const conversation = (await send(me.cookie, { member_id: other.id, body: 'Hoi' })).json().message.conversation_id;
    expect((await open(me.cookie, `id=${conversation}`)).json().closed).toBe(false);
    await t.db.update(members).set({ invisible: true }).where(eq(members.id, other.id));
    const closed = (await open(me.cookie, `id=${conversation}`)).json();
    expect(closed).toMatchObject({ closed: true, messages: [{ body: 'Hoi' }] });
    await t.db.update(members).set({ invisible: false }).where(eq(members.id, other.id));
    await buildBlock(t.db, other.id, me.id);
    expect((await open(me.cookie, `id=${conversation}`)).json().closed).toBe(true);
  });

  it("tells a free member's free messages left when opening and after each text message", async () => {
    const free = await writer({ paidUser: false, credits: 0 });
    const other = await writer();
    expect((await open(free.cookie, `member_id=${other.id}`)).json().free_messages_left).toBe(site.free_messages);
    for (let left = site.free_messages - 1; left >= 0; left--) {
      const res = await send(free.cookie, { member_id: other.id, body: 'Gratis' });
      expect(res.json().free_messages_left).toBe(left);
    }
    expect((await open(free.cookie, `member_id=${other.id}`)).json().free_messages_left).toBe(0);
    const paid = await writer();
    expect((await send(paid.cookie, { member_id: other.id, body: 'Hoi' })).json().free_messages_left).toBe(0);
  });

  it('chat-read.php marks the conversation read for participants only, and both reads are announced', async () => {
    const me = await writer();
    const other = await writer();
    const outsider = await writer();
    const conversation = (await send(other.cookie, { member_id: me.id, body: 'Hoi' })).json().message.conversation_id;
    await send(other.cookie, { conversation_id: conversation, body: 'Ben je er?' });
    expect((await markRead(outsider.cookie, conversation)).statusCode).toBe(404);
    expect((await chats(me.cookie)).json().chats[0].num_unread_messages).toBe(2);
    const res = await markRead(me.cookie, conversation);
    expect(res.json()).toEqual({ ok: true });
    expect((await chats(me.cookie)).json().chats[0].num_unread_messages).toBe(0);
    const read = {
      type: 'read',
      conversation_id: conversation,
      member_id: me.id,
      partner_id: other.id,
      seen_at: expect.any(String),
    };
    await vi.waitFor(() => expect(published).toContainEqual(read));

    published.length = 0;
    await open(other.cookie, `id=${conversation}`);
    await vi.waitFor(() => expect(published).toContainEqual({ ...read, member_id: other.id, partner_id: me.id }));
  });

  it('announces a hidden chat', async () => {
    const me = await writer();
    const other = await writer();
    const conversation = (await send(other.cookie, { member_id: me.id, body: 'Hoi' })).json().message.conversation_id;
    await t.app.inject({
      method: 'DELETE',
      url: '/api/chat.php',
      headers: { ...XHR, cookie: me.cookie },
      payload: { conversation },
    });
    await vi.waitFor(() =>
      expect(published).toContainEqual({ type: 'hidden', conversation_id: conversation, member_id: me.id }),
    );
  });
});
