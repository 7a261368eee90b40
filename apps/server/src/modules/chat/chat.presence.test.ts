import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatResponseSchema, LIVE_MAX_FRAME_BYTES, TYPING_INTERVAL_MS, type LiveEvent } from '@app/shared';
import { buildBlock, buildMember } from '../../../test/factories.js';
import { XHR, buildTwoProcesses, loginCookie, type TestApp } from '../../../test/helpers.js';
import { members, profiles } from '../../db/schema/index.js';
import { findPeers, findPeersOfMany } from './chat.repository.js';
import { liveUrl, openTab, tabHeaders, type LiveTestClient } from '../live/live.test-client.js';

/**
 * Typing, 'seen' and online across two processes on one database: over Redis when REDIS_URL is
 * set (the bus and the typing gate then cross real processes' boundaries), else one shared bus.
 */
let pair: Awaited<ReturnType<typeof buildTwoProcesses>>;
const origins = new Map<TestApp, string>();
const tabs: LiveTestClient[] = [];

beforeAll(async () => {
  // Open tabs are reported as activity every 200 ms instead of every two minutes.
  pair = await buildTwoProcesses({}, { live: { activityIntervalMs: 200 } });
  for (const app of [pair.a, pair.b]) {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    origins.set(app, `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`);
  }
});
afterAll(async () => {
  await Promise.all(tabs.map((tab) => tab.close()));
  await pair?.close();
});

async function member(overrides: Partial<typeof members.$inferInsert> = {}) {
  const { member: row } = await buildMember(pair.a.db, { member: { paidUser: true, credits: 1000, ...overrides } });
  return { id: row.id, cookie: await loginCookie(pair.a.db, row.id) };
}

async function tab(app: TestApp, cookie: string): Promise<LiveTestClient> {
  const origin = origins.get(app)!;
  const client = await openTab(liveUrl(origin), tabHeaders(origin, cookie));
  tabs.push(client);
  await client.next('hello');
  return client;
}

function typing(app: TestApp, cookie: string, payload: unknown) {
  return app.app.inject({
    method: 'POST',
    url: '/api/typing.php',
    headers: { ...XHR, cookie },
    payload: payload as object,
  });
}

async function conversationOf(from: { cookie: string }, to: { id: number }): Promise<number> {
  const res = await pair.a.app.inject({
    method: 'POST',
    url: '/api/message.php',
    headers: { ...XHR, cookie: from.cookie },
    payload: { member_id: to.id, body: 'Hoi, hoe gaat het?' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ message: { conversation_id: number } }>().message.conversation_id;
}

async function openChat(app: TestApp, cookie: string, conversation: number) {
  const res = await app.app.inject({ method: 'GET', url: `/api/chat.php?id=${conversation}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return ChatResponseSchema.parse(res.json());
}

/** Events of a kind the tab got so far (after a moment for the bus). */
async function settledEvents<T extends LiveEvent['type']>(client: LiveTestClient, type: T) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return client.events.filter((event) => event.type === type);
}

describe('POST /api/typing.php', () => {
  it("reaches the partner's tab on the other process, not the typist's, once per interval", async () => {
    const a = await member();
    const b = await member();
    const conversation = await conversationOf(a, b);
    const [aTab, bTab] = await Promise.all([tab(pair.a, a.cookie), tab(pair.b, b.cookie)]);

    const res = await typing(pair.a, a.cookie, { conversation });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(await bTab.next('typing')).toEqual({ type: 'typing', conversation_id: conversation, member_id: a.id });

    // Within the interval: accepted alike, dropped (over both processes when they share Redis).
    expect((await typing(pair.a, a.cookie, { conversation })).statusCode).toBe(202);
    if (process.env.REDIS_URL) expect((await typing(pair.b, a.cookie, { conversation })).statusCode).toBe(202);
    expect(await settledEvents(bTab, 'typing')).toHaveLength(1);
    expect(await settledEvents(aTab, 'typing')).toHaveLength(0);
  });

  it('refuses malformed input, strangers, unknown conversations and blocked pairs with the error contract, sending nothing', async () => {
    const a = await member();
    const b = await member();
    const outsider = await member();
    const conversation = await conversationOf(a, b);
    const bTab = await tab(pair.b, b.cookie);

    for (const payload of [{}, { conversation: 'x' }, { conversation: -1 }, { conversation, extra: [] }, []]) {
      const res = await typing(pair.a, a.cookie, payload);
      if (res.statusCode === 202) continue; // an extra field is ignored like everywhere
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message: expect.any(String) });
    }
    const unknown = await typing(pair.a, a.cookie, { conversation: conversation + 10_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    expect((await typing(pair.a, outsider.cookie, { conversation })).statusCode).toBe(404);
    const visitor = await pair.a.app.inject({
      method: 'POST',
      url: '/api/typing.php',
      headers: XHR,
      payload: { conversation },
    });
    expect(visitor.statusCode).toBe(403);

    const c = await member();
    const d = await member();
    const blockedConversation = await conversationOf(c, d);
    const dTab = await tab(pair.b, d.cookie);
    await buildBlock(pair.a.db, d.id, c.id);
    const blocked = await typing(pair.a, c.cookie, { conversation: blockedConversation });
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json()).toMatchObject({ error: 'not_found' });
    expect((await typing(pair.a, d.cookie, { conversation: blockedConversation })).statusCode).toBe(404);
    expect(await settledEvents(dTab, 'typing')).toHaveLength(0);
    // Only the extra-field request (the one valid one) reached b.
    expect((await settledEvents(bTab, 'typing')).length).toBeLessThanOrEqual(1);
  });

  it("sends an invisible member's typing nowhere", async () => {
    const a = await member();
    const b = await member();
    const conversation = await conversationOf(a, b);
    await pair.a.db.update(members).set({ invisible: true }).where(eq(members.id, a.id));
    const bTab = await tab(pair.b, b.cookie);
    expect((await typing(pair.a, a.cookie, { conversation })).statusCode).toBe(202);
    expect(await settledEvents(bTab, 'typing')).toHaveLength(0);
  });
});

/** Sends a frame on the tab's live channel, as the browser does. */
function frame(client: LiveTestClient, data: unknown): void {
  client.socket.send(typeof data === 'string' ? data : JSON.stringify(data));
}

const typingFrame = (conversation: number) => ({ type: 'typing', conversation_id: conversation });

describe('typing frames on the live channel', () => {
  it("reach the partner's tab on the other process, not the typist's, once per interval", async () => {
    const a = await member();
    const b = await member();
    const conversation = await conversationOf(a, b);
    const [aTab, bTab] = await Promise.all([tab(pair.a, a.cookie), tab(pair.b, b.cookie)]);

    frame(aTab, typingFrame(conversation));
    expect(await bTab.next('typing')).toEqual({ type: 'typing', conversation_id: conversation, member_id: a.id });

    // Within the interval: dropped by the tab, and over both processes when they share Redis.
    frame(aTab, typingFrame(conversation));
    if (process.env.REDIS_URL) frame(await tab(pair.b, a.cookie), typingFrame(conversation));
    expect((await typing(pair.a, a.cookie, { conversation })).statusCode).toBe(202);
    expect(await settledEvents(bTab, 'typing')).toHaveLength(1);
    expect(await settledEvents(aTab, 'typing')).toHaveLength(0);
  });

  it('reach only the tabs that show the conversation, and a tab that starts to show it at once, on either process', async () => {
    const a = await member();
    const b = await member();
    const conversation = await conversationOf(a, b);
    const [aTab, showing, elsewhere, list] = await Promise.all([
      tab(pair.a, a.cookie),
      tab(pair.b, b.cookie),
      tab(pair.a, b.cookie),
      tab(pair.b, b.cookie),
    ]);
    frame(showing, { type: 'watch', conversation_id: conversation });
    frame(elsewhere, { type: 'watch', conversation_id: conversation + 1 });
    frame(list, { type: 'watch', conversation_id: null });
    await settledEvents(showing, 'typing');

    frame(aTab, typingFrame(conversation));
    expect(await showing.next('typing')).toEqual({ type: 'typing', conversation_id: conversation, member_id: a.id });
    expect(await settledEvents(elsewhere, 'typing')).toHaveLength(0);
    expect(await settledEvents(list, 'typing')).toHaveLength(0);

    frame(list, { type: 'watch', conversation_id: conversation });
    const replayed = await list.next('typing');
    expect(replayed).toMatchObject({ type: 'typing', conversation_id: conversation, member_id: a.id });
    expect(replayed.ago).toBeGreaterThanOrEqual(300);
  });

  it('ignore malformed frames without closing the socket, and go nowhere for strangers and unknown conversations', async () => {
    const a = await member();
    const b = await member();
    const outsider = await member();
    const conversation = await conversationOf(a, b);
    const [aTab, bTab, outsiderTab] = await Promise.all([
      tab(pair.a, a.cookie),
      tab(pair.b, b.cookie),
      tab(pair.a, outsider.cookie),
    ]);

    for (const data of [
      'not json',
      '[]',
      'null',
      '{"type":"typing"}',
      { type: 'typing', conversation_id: String(conversation) },
      { type: 'typing', conversation_id: -1 },
      { type: 'typing', conversation_id: 1.5 },
      { type: 'typing', conversation_id: 2 ** 60 },
      { type: 'hello', last_message_id: 0 },
      { type: 'message', conversation_id: conversation },
    ]) {
      frame(aTab, data);
    }
    aTab.socket.send(Buffer.from(JSON.stringify(typingFrame(conversation))), { binary: true });
    frame(aTab, typingFrame(conversation + 10_000));
    frame(outsiderTab, typingFrame(conversation));
    expect(await settledEvents(bTab, 'typing')).toHaveLength(0);
    expect(aTab.closedWith).toBeNull();
    expect(outsiderTab.closedWith).toBeNull();

    // The socket still works: the next valid frame goes out.
    frame(aTab, typingFrame(conversation));
    expect(await bTab.next('typing')).toEqual({ type: 'typing', conversation_id: conversation, member_id: a.id });

    // Only a frame beyond the contract's size closes the socket.
    frame(outsiderTab, ' '.repeat(LIVE_MAX_FRAME_BYTES + 1));
    await vi.waitFor(() => expect(outsiderTab.closedWith).toBe(1009));
  });

  it('go nowhere across a block or from an invisible member, also when the tab checked the pair before', async () => {
    const a = await member();
    const b = await member();
    const conversation = await conversationOf(a, b);
    const [aTab, bTab] = await Promise.all([tab(pair.a, a.cookie), tab(pair.b, b.cookie)]);
    frame(aTab, typingFrame(conversation));
    await bTab.next('typing');

    // b blocks a on the other process: a's tab forgets what it knew of the pair.
    const block = await pair.b.app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: { ...XHR, cookie: b.cookie },
      payload: { id: a.id },
    });
    expect(block.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, TYPING_INTERVAL_MS + 100));
    frame(aTab, typingFrame(conversation));
    frame(bTab, typingFrame(conversation));
    expect(await settledEvents(bTab, 'typing')).toHaveLength(1);
    expect(await settledEvents(aTab, 'typing')).toHaveLength(0);

    const c = await member();
    const d = await member();
    const other = await conversationOf(c, d);
    const [cTab, dTab] = await Promise.all([tab(pair.a, c.cookie), tab(pair.b, d.cookie)]);
    frame(cTab, typingFrame(other));
    await dTab.next('typing');
    const invisible = await pair.b.app.inject({
      method: 'PUT',
      url: '/api/account.php',
      headers: { ...XHR, cookie: c.cookie },
      payload: { invisible: true },
    });
    expect(invisible.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, TYPING_INTERVAL_MS + 100));
    frame(cTab, typingFrame(other));
    expect(await settledEvents(dTab, 'typing')).toHaveLength(1);
  });

  it("check many tabs' conversations in one statement, each answered as alone", async () => {
    const [a, b, c, d, e, f, outsider] = await Promise.all(Array.from({ length: 7 }, () => member()));
    const ab = await conversationOf(a!, b!);
    const cd = await conversationOf(c!, d!);
    const ef = await conversationOf(e!, f!);
    await pair.a.db.update(members).set({ invisible: true }).where(eq(members.id, c!.id));
    await buildBlock(pair.a.db, f!.id, e!.id);
    const lookups = [
      { memberId: a!.id, conversationId: ab },
      { memberId: b!.id, conversationId: ab },
      { memberId: c!.id, conversationId: cd },
      { memberId: d!.id, conversationId: cd },
      { memberId: e!.id, conversationId: ef },
      { memberId: outsider!.id, conversationId: ab },
      { memberId: a!.id, conversationId: ef + 10_000 },
    ];
    const many = await findPeersOfMany(pair.a.db, lookups);
    const alone = await Promise.all(lookups.map((l) => findPeers(pair.a.db, l.conversationId, l.memberId)));
    expect(many).toEqual(alone);
    expect(many).toEqual([
      { partnerId: b!.id, viewerInvisible: false, blocked: false },
      { partnerId: a!.id, viewerInvisible: false, blocked: false },
      { partnerId: d!.id, viewerInvisible: true, blocked: false },
      { partnerId: c!.id, viewerInvisible: false, blocked: false },
      { partnerId: f!.id, viewerInvisible: false, blocked: true },
      null,
      null,
    ]);

    // Frames of many tabs at once: the partners' tabs hear only what each check allows.
    const tabsOf = await Promise.all([a, c, d, e].map((m) => tab(pair.a, m!.cookie)));
    const [bTab, cTab, dTab, fTab] = await Promise.all([b, c, d, f].map((m) => tab(pair.b, m!.cookie)));
    [ab, cd, cd, ef].forEach((conversation, i) => frame(tabsOf[i]!, typingFrame(conversation)));
    expect(await bTab!.next('typing')).toEqual({ type: 'typing', conversation_id: ab, member_id: a!.id });
    expect(await cTab!.next('typing')).toEqual({ type: 'typing', conversation_id: cd, member_id: d!.id });
    expect(await settledEvents(dTab!, 'typing')).toHaveLength(0);
    expect(await settledEvents(fTab!, 'typing')).toHaveLength(0);
  });
});

describe('seen', () => {
  it('tells the sender live on the other process, and after a reload', async () => {
    const a = await member();
    const b = await member();
    const conversation = await conversationOf(a, b);
    expect((await openChat(pair.a, a.cookie, conversation)).seen_at).toBeNull();
    const aTab = await tab(pair.a, a.cookie);

    await openChat(pair.b, b.cookie, conversation);
    const read = await aTab.next('read', (event) => !event.by_me);
    expect(read).toEqual({ type: 'read', conversation_id: conversation, by_me: false, at: expect.any(String) });
    expect((await openChat(pair.a, a.cookie, conversation)).seen_at).toBe(read.at);
    // The reader sees their own side as they did: seen_at is the partner's read, not their own.
    expect((await openChat(pair.b, b.cookie, conversation)).seen_at).not.toBeNull();
  });

  it('shows nothing of an invisible reader, nor across a block', async () => {
    const a = await member();
    const b = await member();
    const conversation = await conversationOf(a, b);
    await pair.a.db.update(members).set({ invisible: true }).where(eq(members.id, b.id));
    const aTab = await tab(pair.a, a.cookie);
    await openChat(pair.b, b.cookie, conversation);
    const markRead = await pair.b.app.inject({
      method: 'POST',
      url: '/api/chat-read.php',
      headers: { ...XHR, cookie: b.cookie },
      payload: { conversation },
    });
    expect(markRead.statusCode).toBe(200);
    expect(await settledEvents(aTab, 'read')).toEqual([]);
    expect((await openChat(pair.a, a.cookie, conversation)).seen_at).toBeNull();

    const c = await member();
    const d = await member();
    const blockedConversation = await conversationOf(c, d);
    await openChat(pair.b, d.cookie, blockedConversation);
    expect((await openChat(pair.a, c.cookie, blockedConversation)).seen_at).not.toBeNull();
    await buildBlock(pair.a.db, c.id, d.id);
    const cTab = await tab(pair.a, c.cookie);
    await openChat(pair.b, d.cookie, blockedConversation);
    expect(await settledEvents(cTab, 'read')).toEqual([]);
    expect((await openChat(pair.a, c.cookie, blockedConversation)).seen_at).toBeNull();
    expect((await openChat(pair.b, d.cookie, blockedConversation)).seen_at).toBeNull();
  });
});

describe('online', () => {
  it('shows online, today and this week to a partner, and nothing of an invisible or blocked one', async () => {
    const a = await member();
    const b = await member();
    const conversation = await conversationOf(a, b);
    const presence = async () => {
      const { profile } = await openChat(pair.a, a.cookie, conversation);
      return [profile.online, profile.recently_active, profile.active_this_week];
    };
    const activeAgo = (ms: number) =>
      pair.a.db
        .update(profiles)
        .set({ lastActiveAt: new Date(Date.now() - ms) })
        .where(eq(profiles.memberId, b.id));

    await activeAgo(0);
    expect(await presence()).toEqual([true, true, true]);
    await activeAgo(3 * 86_400_000);
    expect(await presence()).toEqual([false, false, true]);
    await activeAgo(8 * 86_400_000);
    expect(await presence()).toEqual([false, false, false]);

    await activeAgo(0);
    await pair.a.db.update(members).set({ invisible: true }).where(eq(members.id, b.id));
    expect(await presence()).toEqual([false, false, false]);
    await pair.a.db.update(members).set({ invisible: false }).where(eq(members.id, b.id));
    await buildBlock(pair.a.db, b.id, a.id);
    expect(await presence()).toEqual([false, false, false]);
  });

  it('counts open live channels as activity, on either process, all of them in one note', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const withB = await conversationOf(a, b);
    const withC = await conversationOf(a, c);
    await tab(pair.b, b.cookie);
    await tab(pair.b, c.cookie);
    await pair.a.db
      .update(profiles)
      .set({ lastActiveAt: new Date(Date.now() - 3_600_000) })
      .where(inArray(profiles.memberId, [b.id, c.id]));
    const online = async () =>
      Promise.all(
        [withB, withC].map(async (conversation) => (await openChat(pair.a, a.cookie, conversation)).profile.online),
      );
    expect(await online()).toEqual([false, false]);
    await vi.waitFor(async () => expect(await online()).toEqual([true, true]), { timeout: 5_000, interval: 100 });
  });

});
