import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { TYPING_INTERVAL_MS, TYPING_SHOWN_MS, type ChatMessage, type LiveEvent } from '@app/shared';
import {
  ANSWERS_CHANNEL,
  CHAT_CHANNEL,
  CREDITS_CHANNEL,
  PRESENCE_CHANNEL,
  publishEvent,
  TYPING_CHANNEL,
} from '../../platform/bus/events.js';
import { createInProcessBus, type Bus } from '../../platform/bus/index.js';
import { createLiveHub, type LiveHub, type LiveTyping } from './live.hub.js';
import { openTab, type LiveTestClient } from './live.test-client.js';

const log = pino({ level: 'silent' });
const MEMBER = 7;
const PARTNER = 8;
const SESSION = 'session-of-the-tab';

let bus: Bus;
let server: WebSocketServer;
let hub: LiveHub | null;
const clients: LiveTestClient[] = [];

beforeEach(async () => {
  bus = createInProcessBus({ log });
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await hub?.close();
  hub = null;
  await new Promise((resolve) => server.close(resolve));
  await bus.close();
});

/** A connected pair: the server's socket for the hub, the client's view of what it sends. */
async function connect(): Promise<{ socket: WebSocket; client: LiveTestClient }> {
  const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const client = await openTab(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, {});
  clients.push(client);
  return { socket: await accepted, client };
}

function message(id: number): Omit<ChatMessage, 'from_me'> {
  return {
    id,
    conversation_id: 1,
    sender_id: PARTNER,
    kind: 'text',
    body: `Bericht ${id}`,
    image: null,
    gift: null,
    credits: 0,
    at: '2026-11-22T08:00:00.000Z',
  };
}

const published = (id: number) =>
  publishEvent(bus, CHAT_CHANNEL, { type: 'message', recipient_id: MEMBER, first: false, message: message(id) });

/** The in-process bus delivers on the next turns of the event loop, as Redis would later. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('live hub', () => {
  it('holds events while a tab catches up, then sends them after the catch-up without duplicates', async () => {
    hub = createLiveHub({ bus, log });
    await hub.start();
    const { socket, client } = await connect();
    const tab = hub.join(MEMBER, SESSION, socket);
    // Announced while the catch-up read the database: 5 is also in the catch-up, 6 is not.
    await published(5);
    await published(6);
    await delivered();
    expect(client.events).toEqual([]);

    const first: LiveEvent[] = [
      { type: 'message', message: { ...message(5), from_me: false } },
      { type: 'hello', last_message_id: 5 },
    ];
    tab.open(first);
    await client.next('message', (e) => e.message.id === 6);
    // The bus may still bring a message the catch-up sent; it is dropped.
    await published(5);
    await publishEvent(bus, CREDITS_CHANNEL, { type: 'credits', member_id: MEMBER, credits: 12 });
    await client.next('credits');
    expect(client.events.map((e) => (e.type === 'message' ? e.message.id : e.type))).toEqual([
      5,
      'hello',
      6,
      'credits',
    ]);
  });

  it('answers resync after the catch-up when more arrived meanwhile than it keeps', async () => {
    hub = createLiveHub({ bus, log, options: { maxPendingEvents: 2 } });
    await hub.start();
    const { socket, client } = await connect();
    const tab = hub.join(MEMBER, SESSION, socket);
    for (const id of [11, 12, 13]) await published(id);
    await delivered();
    tab.open([{ type: 'hello', last_message_id: 10 }]);
    await client.next('resync');
    await published(14);
    await client.next('message', (e) => e.message.id === 14);
    expect(client.events.map((e) => (e.type === 'message' ? e.message.id : e.type))).toEqual(['hello', 'resync', 14]);
  });

  it('pings each tab once per interval, a slice of the tabs at a time, and drops one that stopped answering', async () => {
    hub = createLiveHub({ bus, log, options: { pingIntervalMs: 400, pingSliceMs: 100 } });
    await hub.start();
    const tabs: Awaited<ReturnType<typeof connect>>[] = [];
    for (let i = 0; i < 8; i += 1) tabs.push(await connect());
    const pings = tabs.map(() => [] as number[]);
    const started = performance.now();
    tabs.forEach(({ socket, client }, i) => {
      hub?.join(MEMBER, SESSION, socket).open([]);
      client.socket.on('ping', () => pings[i]!.push(performance.now() - started));
    });
    // The last tab stops answering: its pong no longer comes.
    tabs[7]!.client.socket.pong = () => undefined;
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // Two or three pings each, 400 ms apart, in four slices of two tabs.
    for (const times of pings.slice(0, 7)) {
      expect(times.length).toBeGreaterThanOrEqual(2);
      expect(times[1]! - times[0]!).toBeGreaterThan(300);
    }
    const slices = new Set(pings.map((times) => Math.floor((times[0]! % 400) / 100)));
    expect(slices.size).toBe(4);
    await expect.poll(() => tabs[7]!.client.closedWith).not.toBeNull();
    expect(hub.tabCount(MEMBER)).toBe(7);
  });

  it('reports each member with a tab as active once per interval, a slice of the members at a time', async () => {
    const reports: Array<{ at: number; memberIds: number[] }> = [];
    const started = performance.now();
    hub = createLiveHub({
      bus,
      log,
      noteActive: async (memberIds) => void reports.push({ at: performance.now() - started, memberIds }),
      options: { activityIntervalMs: 300, activitySliceMs: 100 },
    });
    await hub.start();
    for (let memberId = 1; memberId <= 6; memberId += 1) {
      hub.join(memberId, SESSION, (await connect()).socket).open([]);
    }
    await new Promise((resolve) => setTimeout(resolve, 800));

    // Three slices, 100 ms apart: each report names the members of one slot (their id modulo 3).
    for (const { memberIds } of reports) expect(new Set(memberIds.map((id) => id % 3)).size).toBe(1);
    for (let memberId = 1; memberId <= 6; memberId += 1) {
      const times = reports.filter((r) => r.memberIds.includes(memberId)).map((r) => r.at);
      expect(times.length).toBeGreaterThanOrEqual(2);
      expect(times[1]! - times[0]!).toBeGreaterThan(250);
    }
  });

  it('forgets a closed tab and stops routing after close', async () => {
    hub = createLiveHub({ bus, log });
    await hub.start();
    const first = await connect();
    const second = await connect();
    hub.join(MEMBER, SESSION, first.socket).open([]);
    hub.join(MEMBER, SESSION, second.socket).open([]);
    expect(hub.tabCount(MEMBER)).toBe(2);
    expect(hub.socketCount()).toBe(2);
    await first.client.close();
    await expect.poll(() => hub?.tabCount(MEMBER)).toBe(1);

    await hub.close();
    expect(hub.tabCount(MEMBER)).toBe(0);
    expect(hub.socketCount()).toBe(0);
    await expect.poll(() => second.client.closedWith).toBe(1012);
  });
});

describe('typing frames', () => {
  /** The chat's rule as the hub sees it: the checks and announcements it asked for. */
  function recordingTyping(partnerId: number | null) {
    const checks: number[] = [];
    const announced: number[] = [];
    const typing: LiveTyping = {
      partner: async (_memberId, conversationId) => {
        checks.push(conversationId);
        return partnerId;
      },
      announce: async (_memberId, conversationId) => {
        announced.push(conversationId);
      },
    };
    return { typing, checks, announced };
  }

  it('checks a conversation once, drops frames within the interval, and checks again after a block, invisible mode or a while', async () => {
    let at = 1_000_000;
    const { typing, checks, announced } = recordingTyping(PARTNER);
    hub = createLiveHub({ bus, log, typing, now: () => at, options: { typingMemoryMs: 60_000 } });
    await hub.start();
    const { socket, client } = await connect();
    hub.join(MEMBER, SESSION, socket).open([{ type: 'hello', last_message_id: 0 }]);
    const type = async (conversationId: number) => {
      client.socket.send(JSON.stringify({ type: 'typing', conversation_id: conversationId }));
      await delivered();
    };

    await type(1);
    await type(1);
    expect({ checks, announced }).toEqual({ checks: [1], announced: [1] });

    at += TYPING_INTERVAL_MS;
    await type(1);
    await type(2);
    expect({ checks, announced }).toEqual({ checks: [1, 2], announced: [1, 1, 2] });

    // Another member's block, and the member's other writes, leave the remembered checks alone.
    await publishEvent(bus, PRESENCE_CHANNEL, { type: 'presence_changed', member_ids: [PARTNER + 1] });
    await publishEvent(bus, ANSWERS_CHANNEL, { type: 'answers_stale', member_ids: [MEMBER] });
    await delivered();
    at += TYPING_INTERVAL_MS;
    await type(1);
    expect(checks).toEqual([1, 2]);
    // The member's invisible mode, or a block of theirs, forgets them.
    await publishEvent(bus, PRESENCE_CHANNEL, { type: 'presence_changed', member_ids: [MEMBER] });
    await delivered();
    at += TYPING_INTERVAL_MS;
    await type(1);
    expect(checks).toEqual([1, 2, 1]);
    await publishEvent(bus, PRESENCE_CHANNEL, { type: 'presence_changed', member_ids: [PARTNER, MEMBER] });
    await delivered();
    at += TYPING_INTERVAL_MS;
    await type(2);
    expect(checks).toEqual([1, 2, 1, 2]);

    at += 60_000;
    await type(1);
    expect(checks).toEqual([1, 2, 1, 2, 1]);
    expect(announced).toEqual([1, 1, 2, 1, 1, 2, 1]);
    expect(client.closedWith).toBeNull();
  });

  it("writes a batch of typing to the partners' tabs only, letting a message overtake the batch's later slices", async () => {
    hub = createLiveHub({ bus, log });
    await hub.start();
    const { socket, client } = await connect();
    hub.join(MEMBER, SESSION, socket).open([]);
    const typing = Array.from({ length: 500 }, (_, i) => ({
      conversation_id: i + 1,
      member_id: PARTNER,
      partner_id: i % 2 === 0 ? MEMBER : PARTNER,
    }));
    await publishEvent(bus, TYPING_CHANNEL, { type: 'typing_batch', typing });
    await published(1);
    await client.next('typing', (e) => e.conversation_id === 499);
    await delivered();
    const received = client.events.map((e) => (e.type === 'typing' ? e.conversation_id : e.type));
    expect(received.filter((e) => e !== 'message')).toEqual(
      typing.filter((t) => t.partner_id === MEMBER).map((t) => t.conversation_id),
    );
    expect(client.events.find((e) => e.type === 'typing')).toEqual({
      type: 'typing',
      conversation_id: 1,
      member_id: PARTNER,
    });
    expect(received.indexOf('message')).toBeLessThan(100);
  });

  it('announces nothing where the check says no one hears it, and survives a failing check', async () => {
    const nowhere = recordingTyping(null);
    hub = createLiveHub({ bus, log, typing: nowhere.typing });
    await hub.start();
    const { socket, client } = await connect();
    hub.join(MEMBER, SESSION, socket).open([]);
    client.socket.send(JSON.stringify({ type: 'typing', conversation_id: 1 }));
    await delivered();
    expect(nowhere).toMatchObject({ checks: [1], announced: [] });
    await hub.close();

    const failing: LiveTyping = { partner: () => Promise.reject(new Error('database down')), announce: async () => {} };
    hub = createLiveHub({ bus, log, typing: failing });
    await hub.start();
    const second = await connect();
    hub.join(MEMBER, SESSION, second.socket).open([]);
    second.client.socket.send(JSON.stringify({ type: 'typing', conversation_id: 1 }));
    await delivered();
    expect(second.client.closedWith).toBeNull();
  });
});

describe('watch frames', () => {
  const typingIn = (conversationId: number, member_id = PARTNER) =>
    publishEvent(bus, TYPING_CHANNEL, {
      type: 'typing_batch',
      typing: [{ conversation_id: conversationId, member_id, partner_id: MEMBER }],
    });
  const typingSeen = (client: LiveTestClient) =>
    client.events.flatMap((e) => (e.type === 'typing' ? [[e.conversation_id, e.ago ?? null]] : []));

  async function tab(watching?: number | null) {
    const { socket, client } = await connect();
    hub?.join(MEMBER, SESSION, socket).open([]);
    if (watching !== undefined) client.socket.send(JSON.stringify({ type: 'watch', conversation_id: watching }));
    return client;
  }

  it('writes typing only to the tabs that show its conversation, and to those that never said', async () => {
    hub = createLiveHub({ bus, log });
    await hub.start();
    const showsOne = await tab(1);
    const showsNone = await tab(null);
    const silent = await tab();
    await delivered();
    await typingIn(1);
    await typingIn(2);
    await silent.next('typing', (e) => e.conversation_id === 2);
    await delivered();
    expect(typingSeen(showsOne)).toEqual([[1, null]]);
    expect(typingSeen(showsNone)).toEqual([]);
    expect(typingSeen(silent)).toEqual([
      [1, null],
      [2, null],
    ]);

    // A tab that moves to conversation 2 gets its typing of a moment ago at once, then from
    // then on, and 1's no more.
    showsOne.socket.send(JSON.stringify({ type: 'watch', conversation_id: 2 }));
    await delivered();
    await typingIn(1);
    await typingIn(2);
    await showsOne.next('typing', (e) => e.conversation_id === 2 && e.ago === undefined);
    await delivered();
    expect(typingSeen(showsOne)).toEqual([
      [1, null],
      [2, expect.any(Number)],
      [2, null],
    ]);
  });

  it('sends the typing of the last TYPING_SHOWN_MS at once to a tab that starts to show the conversation', async () => {
    let at = 5_000_000;
    hub = createLiveHub({ bus, log, now: () => at });
    await hub.start();
    const client = await tab(null);
    await delivered();
    await typingIn(1);
    await typingIn(2);
    await typingIn(3);
    await delivered();
    at += 1_500;
    const watch = async (conversationId: number | null) => {
      client.socket.send(JSON.stringify({ type: 'watch', conversation_id: conversationId }));
      await delivered();
    };
    await watch(1);
    expect(typingSeen(client)).toEqual([[1, 1_500]]);

    // The typist's message ends it; so does a block or invisible mode naming either member.
    await published(1);
    await client.next('message');
    await watch(1);
    await publishEvent(bus, PRESENCE_CHANNEL, { type: 'presence_changed', member_ids: [PARTNER] });
    await delivered();
    await watch(3);
    expect(typingSeen(client)).toEqual([[1, 1_500]]);

    // Beyond TYPING_SHOWN_MS the indicator would be gone already.
    await typingIn(2);
    await delivered();
    at += TYPING_SHOWN_MS;
    await watch(2);
    expect(typingSeen(client)).toEqual([[1, 1_500]]);
    at -= 1;
    await watch(2);
    expect(typingSeen(client)).toEqual([
      [1, 1_500],
      [2, TYPING_SHOWN_MS - 1],
    ]);
  });

  it('drops watch frames of another shape and keeps the socket open', async () => {
    hub = createLiveHub({ bus, log });
    await hub.start();
    const client = await tab(1);
    for (const frame of [
      { type: 'watch' },
      { type: 'watch', conversation_id: 0 },
      { type: 'watch', conversation_id: '2' },
      { type: 'watch', conversation_id: 1.5 },
      { type: 'watch', conversation_id: Number.MAX_SAFE_INTEGER + 2 },
    ]) {
      client.socket.send(JSON.stringify(frame));
    }
    await delivered();
    await typingIn(1);
    await client.next('typing', (e) => e.conversation_id === 1);
    expect(client.closedWith).toBeNull();
  });
});
