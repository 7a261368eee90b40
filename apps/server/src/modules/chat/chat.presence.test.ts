import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatResponseSchema, type LiveEvent } from '@app/shared';
import { buildBlock, buildMember } from '../../../test/factories.js';
import { XHR, buildTwoProcesses, loginCookie, type TestApp } from '../../../test/helpers.js';
import { members, profiles } from '../../db/schema/index.js';
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

  it('counts an open live channel as activity, on either process', async () => {
    const a = await member();
    const b = await member();
    const conversation = await conversationOf(a, b);
    await tab(pair.b, b.cookie);
    await pair.a.db
      .update(profiles)
      .set({ lastActiveAt: new Date(Date.now() - 3_600_000) })
      .where(eq(profiles.memberId, b.id));
    expect((await openChat(pair.a, a.cookie, conversation)).profile.online).toBe(false);
    await vi.waitFor(async () => expect((await openChat(pair.a, a.cookie, conversation)).profile.online).toBe(true), {
      timeout: 5_000,
      interval: 100,
    });
  });
});
