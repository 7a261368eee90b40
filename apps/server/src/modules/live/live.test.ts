import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE, LIVE_CATCH_UP_LIMIT } from '@app/shared';
import { buildMember, passwordHash } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import type { members } from '../../db/schema/index.js';
import { conversationMembers, conversations, messages } from '../../db/schema/index.js';
import { CHAT_CHANNEL, publishEvent } from '../../platform/bus/events.js';
import { createInProcessBus } from '../../platform/bus/index.js';
import { CLOSE_SESSION_ENDED } from './live.hub.js';
import { handshakeStatus, liveUrl, openTab, tabHeaders, type LiveTestClient } from './live.test-client.js';

const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
let t: TestApp;
let origin: string;
const tabs: LiveTestClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, { bus });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(tabs.map((tab) => tab.close()));
  await t?.close();
  await bus.close();
});

/** A confirmed, paying member (every message costs credits, so each send changes the balance). */
async function member(overrides: Partial<typeof members.$inferInsert> = {}) {
  const { member: row } = await buildMember(t.db, { member: { paidUser: true, credits: 1000, ...overrides } });
  return { id: row.id, cookie: await loginCookie(t.db, row.id) };
}

/** Opens a tab of the member and waits for its hello. */
async function tab(cookie: string, after?: number): Promise<LiveTestClient> {
  const client = await openTab(liveUrl(origin, after), tabHeaders(origin, cookie));
  tabs.push(client);
  await client.next('hello');
  return client;
}

async function send(cookie: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/message.php', headers: { ...XHR, cookie }, payload });
  expect(res.statusCode).toBe(200);
  return res.json<{ message: { id: number; conversation_id: number }; credits: number }>();
}

describe('GET /api/live handshake', () => {
  it('is refused with 403 before any upgrade without a session, from a foreign Origin, or without one', async () => {
    const { cookie } = await member();
    expect(await handshakeStatus(liveUrl(origin), tabHeaders(origin, null))).toBe(403);
    expect(await handshakeStatus(liveUrl(origin), tabHeaders(origin, `${AUTH_COOKIE}=${'x'.repeat(43)}`))).toBe(403);
    expect(await handshakeStatus(liveUrl(origin), tabHeaders('https://evil.example', cookie))).toBe(403);
    expect(await handshakeStatus(liveUrl(origin), { cookie })).toBe(403);
    expect(await handshakeStatus(`${liveUrl(origin)}?after=-1`, tabHeaders(origin, cookie))).toBe(400);
    expect(await handshakeStatus(liveUrl(origin), tabHeaders(origin, cookie))).toBe(101);
  });

  it('names a foreign Origin origin_not_allowed, with a translated text', async () => {
    const { cookie } = await member();
    const refused = (locale: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/live',
        headers: { origin: 'https://evil.example', cookie: `${cookie}; locale=${locale}` },
      });
    const en = await refused('en');
    expect(en.statusCode).toBe(403);
    expect(en.json()).toMatchObject({
      error: 'origin_not_allowed',
      message: 'This connection does not come from our own site and was refused.',
    });
    expect((await refused('nl')).json().message).toBe('Deze verbinding komt niet van onze eigen site en is geweigerd.');
  });

  it('answers hello first, with the newest message id of the member (0 without messages)', async () => {
    const a = await member();
    const b = await member();
    const fresh = await tab(a.cookie);
    expect(fresh.events).toEqual([{ type: 'hello', last_message_id: 0 }]);
    const { message } = await send(a.cookie, { member_id: b.id, body: 'Hoi' });
    const later = await tab(b.cookie);
    expect(later.events[0]).toEqual({ type: 'hello', last_message_id: message.id });
  });
});

describe('tabs end with their session', () => {
  const PASSWORD = 'the password of the tab test';

  /** A member with a password, logged in twice: two browsers, each with a tab. */
  async function inTwoBrowsers() {
    const { member: row } = await buildMember(t.db, {
      member: { paidUser: true, credits: 1000, passwordHash: await passwordHash(PASSWORD) },
    });
    const here = await loginCookie(t.db, row.id);
    const elsewhere = await loginCookie(t.db, row.id);
    const [hereTab, elsewhereTab] = await Promise.all([tab(here), tab(elsewhere)]);
    return { id: row.id, here, elsewhere, hereTab, elsewhereTab };
  }

  /** The tab is still live: a message to its member arrives, and it was not closed. */
  async function stillLive(client: LiveTestClient, memberId: number) {
    const writer = await member();
    const { message } = await send(writer.cookie, { member_id: memberId, body: 'Ben je er nog?' });
    await client.next('message', (e) => e.message.id === message.id);
    expect(client.closedWith).toBeNull();
  }

  it("closes the tab of a session that logs out, and keeps the other session's tab", async () => {
    const m = await inTwoBrowsers();
    const res = await t.app.inject({ method: 'GET', url: '/api/logout.php', headers: { ...XHR, cookie: m.here } });
    expect(res.statusCode).toBe(200);

    await expect.poll(() => m.hereTab.closedWith, { timeout: 5000 }).toBe(CLOSE_SESSION_ENDED);
    expect(await handshakeStatus(liveUrl(origin), tabHeaders(origin, m.here))).toBe(403);
    await stillLive(m.elsewhereTab, m.id);
  });

  it('closes the tabs of every session a password change ends; the new session of the browser stays live', async () => {
    const m = await inTwoBrowsers();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password.php',
      headers: { ...XHR, cookie: m.here },
      payload: { old_password: PASSWORD, password: 'a new password here', password_repeat: 'a new password here' },
    });
    expect(res.statusCode).toBe(200);
    const sid = res.cookies.find((c) => c.name === AUTH_COOKIE);
    const kept = `${AUTH_COOKIE}=${sid?.value ?? ''}`;
    // Opened at once, while the announcement may still be on its way: it must survive it.
    const keptTab = await tab(kept);

    await expect.poll(() => m.elsewhereTab.closedWith, { timeout: 5000 }).toBe(CLOSE_SESSION_ENDED);
    await expect.poll(() => m.hereTab.closedWith, { timeout: 5000 }).toBe(CLOSE_SESSION_ENDED);
    expect(await handshakeStatus(liveUrl(origin), tabHeaders(origin, m.elsewhere))).toBe(403);
    await stillLive(keptTab, m.id);
  });

  it('closes every tab of a deleted account', async () => {
    const m = await inTwoBrowsers();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account-delete.php',
      headers: { ...XHR, cookie: m.here },
      payload: { password: PASSWORD, reason: 'other', note: '' },
    });
    expect(res.statusCode).toBe(200);

    await expect.poll(() => m.hereTab.closedWith, { timeout: 5000 }).toBe(CLOSE_SESSION_ENDED);
    await expect.poll(() => m.elsewhereTab.closedWith, { timeout: 5000 }).toBe(CLOSE_SESSION_ENDED);
  });

  it('closes a tab whose session another login in the same browser replaced', async () => {
    const m = await inTwoBrowsers();
    const { member: other } = await buildMember(t.db, { member: { passwordHash: await passwordHash(PASSWORD) } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { ...XHR, cookie: m.here },
      payload: { email: other.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);

    await expect.poll(() => m.hereTab.closedWith, { timeout: 5000 }).toBe(CLOSE_SESSION_ENDED);
    await stillLive(m.elsewhereTab, m.id);
  });
});

describe('live events', () => {
  it("delivers a sent message to the recipient's tabs and the sender's other tab, each with its from_me", async () => {
    const sender = await member();
    const recipient = await member();
    const [senderTab, recipientTab1, recipientTab2] = await Promise.all([
      tab(sender.cookie),
      tab(recipient.cookie),
      tab(recipient.cookie),
    ]);
    const { message, credits } = await send(sender.cookie, { member_id: recipient.id, body: 'Hallo daar' });

    for (const client of [recipientTab1, recipientTab2]) {
      const event = await client.next('message', (e) => e.message.id === message.id);
      expect(event.message).toMatchObject({ body: 'Hallo daar', sender_id: sender.id, from_me: false });
    }
    const own = await senderTab.next('message', (e) => e.message.id === message.id);
    expect(own.message.from_me).toBe(true);
    expect(await senderTab.next('credits')).toEqual({ type: 'credits', credits });
    // Credits are the sender's business only.
    expect(recipientTab1.events.some((e) => e.type === 'credits')).toBe(false);
  });

  it('tells both members when a chat is read, and the member alone when it is hidden', async () => {
    const a = await member();
    const b = await member();
    const { message } = await send(a.cookie, { member_id: b.id, body: 'Lees je dit?' });
    const conversation = message.conversation_id;
    const [aTab, bTab] = await Promise.all([tab(a.cookie), tab(b.cookie)]);

    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/chat.php?id=${conversation}`,
      headers: { cookie: b.cookie },
    });
    expect(opened.statusCode).toBe(200);
    expect(await bTab.next('read')).toEqual({ type: 'read', conversation_id: conversation, by_me: true });
    expect(await aTab.next('read')).toEqual({
      type: 'read',
      conversation_id: conversation,
      by_me: false,
      at: expect.any(String),
    });

    const hidden = await t.app.inject({
      method: 'DELETE',
      url: '/api/chat.php',
      headers: { ...XHR, cookie: b.cookie },
      payload: { conversation },
    });
    expect(hidden.statusCode).toBe(200);
    expect(await bTab.next('chat_hidden')).toEqual({ type: 'chat_hidden', conversation_id: conversation });
    await send(a.cookie, { conversation_id: conversation, body: 'Nog iets' });
    await bTab.next('message', (e) => e.message.body === 'Nog iets');
    expect(aTab.events.some((e) => e.type === 'chat_hidden')).toBe(false);
  });

  it('tells the liked member of a like, and both of a match', async () => {
    const { member: womanRow } = await buildMember(t.db, { profile: { gender: 'female' } });
    const { member: manRow } = await buildMember(t.db, { profile: { gender: 'male' } });
    const woman = { id: womanRow.id, cookie: await loginCookie(t.db, womanRow.id) };
    const man = { id: manRow.id, cookie: await loginCookie(t.db, manRow.id) };
    const [womanTab, manTab] = await Promise.all([tab(woman.cookie), tab(man.cookie)]);
    const like = (from: typeof woman, to: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/like.php',
        headers: { ...XHR, cookie: from.cookie },
        payload: { id: to },
      });

    expect((await like(man, woman.id)).statusCode).toBe(200);
    expect(await womanTab.next('like')).toEqual({ type: 'like', liker_id: man.id });
    expect((await like(woman, man.id)).statusCode).toBe(200);
    expect(await manTab.next('like')).toEqual({ type: 'like', liker_id: woman.id });
    expect(await womanTab.next('match')).toEqual({ type: 'match', member_id: man.id });
    expect(await manTab.next('match')).toEqual({ type: 'match', member_id: woman.id });
  });

  it('drops bus events of an unknown shape and keeps routing the next ones', async () => {
    const a = await member();
    const b = await member();
    const aTab = await tab(a.cookie);
    await bus.publish(CHAT_CHANNEL, { type: 'message', recipient_id: a.id, message: { id: 'x' } });
    await publishEvent(bus, CHAT_CHANNEL, { type: 'hidden', conversation_id: 77, member_id: a.id });
    expect(await aTab.next('chat_hidden')).toEqual({ type: 'chat_hidden', conversation_id: 77 });
    expect(aTab.events.map((e) => e.type)).toEqual(['hello', 'chat_hidden']);
    await send(b.cookie, { member_id: a.id, body: 'Nog steeds live' });
    await aTab.next('message');
  });
});

describe('catch-up on reconnect', () => {
  it('sends the messages after `after`, oldest first, in both directions, and then hello', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const first = await send(a.cookie, { member_id: b.id, body: 'Een' });
    const seen = first.message.id;
    const missed = [
      await send(b.cookie, { member_id: a.id, body: 'Twee' }),
      await send(c.cookie, { member_id: a.id, body: 'Drie' }),
      await send(a.cookie, { member_id: c.id, body: 'Vier' }),
    ];
    // Someone else's conversation is not the member's business.
    await send(b.cookie, { member_id: c.id, body: 'Niet voor a' });

    const back = await openTab(liveUrl(origin, seen), tabHeaders(origin, a.cookie));
    tabs.push(back);
    const hello = await back.next('hello');
    const ids = missed.map((m) => m.message.id);
    expect(back.events.map((e) => e.type)).toEqual(['message', 'message', 'message', 'hello']);
    expect(back.events.flatMap((e) => (e.type === 'message' ? [e.message.id] : []))).toEqual(ids);
    expect(back.events.flatMap((e) => (e.type === 'message' ? [[e.message.body, e.message.from_me]] : []))).toEqual([
      ['Twee', false],
      ['Drie', false],
      ['Vier', true],
    ]);
    expect(hello.last_message_id).toBe(ids.at(-1));

    // Caught up: a reconnect from there gets nothing but hello.
    const again = await tab(a.cookie, hello.last_message_id);
    expect(again.events).toEqual([{ type: 'hello', last_message_id: hello.last_message_id }]);
  });

  it(`answers resync instead of more than ${LIVE_CATCH_UP_LIMIT} missed messages`, async () => {
    const a = await member();
    const b = await member();
    const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    const [conversation] = await t.db
      .insert(conversations)
      .values({ memberLowId: low, memberHighId: high, startedBy: a.id })
      .returning();
    await t.db.insert(conversationMembers).values([
      { conversationId: conversation!.id, memberId: a.id },
      { conversationId: conversation!.id, memberId: b.id },
    ]);
    const rows = await t.db
      .insert(messages)
      .values(
        Array.from({ length: LIVE_CATCH_UP_LIMIT + 1 }, (_, i) => ({
          conversationId: conversation!.id,
          senderId: b.id,
          body: `Bericht ${i}`,
        })),
      )
      .returning({ id: messages.id });
    const newest = Math.max(...rows.map((r) => r.id));

    const beyond = await tab(a.cookie, 0);
    expect(beyond.events).toEqual([{ type: 'resync' }, { type: 'hello', last_message_id: newest }]);

    // Exactly the limit is still caught up message by message.
    const within = await tab(a.cookie, Math.min(...rows.map((r) => r.id)));
    expect(within.events.filter((e) => e.type === 'message')).toHaveLength(LIVE_CATCH_UP_LIMIT);
    expect(within.events.at(-1)).toEqual({ type: 'hello', last_message_id: newest });
  });
});

describe('tab lifetime', () => {
  it('drops a tab that stops answering pings, and keeps one that answers', async () => {
    const other = await buildTestApp({}, { db: t.db, live: { pingIntervalMs: 100 } });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherOrigin = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const { cookie } = await member();
      const answering = await openTab(liveUrl(otherOrigin), tabHeaders(otherOrigin, cookie));
      const silent = await openTab(liveUrl(otherOrigin), tabHeaders(otherOrigin, cookie), { autoPong: false });
      await expect.poll(() => silent.closedWith, { timeout: 5000 }).toBe(1006);
      // It answered every ping of those rounds, so it is still there.
      expect(answering.closedWith).toBeNull();
      await answering.close();
    } finally {
      await other.close();
    }
  });

  it('drops a tab that reads too slowly instead of buffering without bound', async () => {
    const other = await buildTestApp({}, { db: t.db, bus, live: { maxBufferedBytes: 64 * 1024 } });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherOrigin = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const a = await member();
      const slow = await openTab(liveUrl(otherOrigin), tabHeaders(otherOrigin, a.cookie));
      await slow.next('hello');
      slow.socket.pause();
      const body = 'x'.repeat(64 * 1024);
      const sent = 400;
      for (let i = 0; i < sent; i += 1) {
        await publishEvent(bus, CHAT_CHANNEL, {
          type: 'message',
          recipient_id: a.id,
          first: false,
          message: {
            id: 1_000_000 + i,
            conversation_id: 1,
            sender_id: 1,
            kind: 'text',
            body,
            image: null,
            gift: null,
            credits: 0,
            at: new Date().toISOString(),
          },
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      slow.socket.resume();
      await expect.poll(() => slow.closedWith, { timeout: 5000 }).toBe(1006);
      expect(slow.events.filter((e) => e.type === 'message').length).toBeLessThan(sent);
    } finally {
      await other.close();
    }
  });

  it('closes every tab with "service restart" (1012) when the app closes', async () => {
    const other = await buildTestApp({}, { db: t.db });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const otherOrigin = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const { cookie } = await member();
    const open = await openTab(liveUrl(otherOrigin), tabHeaders(otherOrigin, cookie));
    await open.next('hello');
    await other.close();
    await expect.poll(() => open.closedWith).toBe(1012);
  });
});
