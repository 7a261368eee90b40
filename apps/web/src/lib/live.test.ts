import {
  LIVE_CLOSE_SERVICE_RESTART,
  LIVE_CLOSE_SESSION_ENDED,
  LiveEventSchema,
  type ChatEntry,
  type ChatMessage,
  type ChatResponse,
  type ChatsResponse,
  type LiveEvent,
  type UserResponse,
} from '@app/shared';
import { QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../testing/factories';
import {
  RECONNECT_MAX_DELAY,
  RECONNECT_MIN_DELAY,
  RESTART_RECONNECT_SPREAD,
  applyLiveEvent,
  liveUrl,
  parseLiveEvent,
  reconnectDelay,
  restartDelay,
  startLive,
  withChatRead,
  withCredits,
  withMessageInChat,
  withMessageInChats,
  withoutChat,
} from './live';
import { queryKeys } from '../data/query-keys';
import { sendLiveFrame } from './live-sender';

function buildMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 10,
    conversation_id: 3,
    sender_id: 21,
    from_me: false,
    kind: 'text',
    body: 'Hoi!',
    image: null,
    gift: null,
    credits: 0,
    at: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

function buildEntry(id: number, unread = 0): ChatEntry {
  return {
    id,
    profile_id: 20 + id,
    num_unread_messages: unread,
    profile: {
      id: 20 + id,
      name: `Lid ${id}`,
      age: 30,
      city: null,
      region_id: null,
      country: 'NL',
      thumb: null,
      match: null,
      fictional: false,
      online: false,
      recently_active: false,
      active_this_week: false,
      verified: false,
    },
    last_message: { body: 'eerder', kind: 'text', from_me: true, at: '2026-11-21T08:00:00.000Z' },
  };
}

function buildChat(messages: ChatMessage[]): InfiniteData<ChatResponse, number | undefined> {
  const page = (list: ChatMessage[], next: number | null): ChatResponse => ({
    id: 3,
    profile: buildEntry(3).profile,
    messages: list,
    next,
    closed: false,
    seen_at: null,
    free_messages_left: 0,
  });
  return { pages: [page(messages, 5), page([buildMessage({ id: 4 })], null)], pageParams: [undefined, 5] };
}

const VALID_EVENTS: LiveEvent[] = [
  { type: 'hello', last_message_id: 0 },
  { type: 'message', message: buildMessage() },
  {
    type: 'message',
    message: buildMessage({
      kind: 'image',
      body: '',
      image: { url: '/m/a.webp', thumb: '/m/t.webp', width: 800, height: 600 },
    }),
  },
  {
    type: 'message',
    message: buildMessage({ kind: 'gift', body: '', gift: { key: 'rose', name: 'Roos', image: '/g/rose.svg' } }),
  },
  { type: 'read', conversation_id: 3, by_me: true },
  { type: 'read', conversation_id: 3, by_me: false, at: '2026-01-02T10:00:00.000Z' },
  { type: 'typing', conversation_id: 3, member_id: 8 },
  { type: 'typing', conversation_id: 3, member_id: 8, ago: 0 },
  { type: 'typing', conversation_id: 3, member_id: 8, ago: 1_200 },
  { type: 'chat_hidden', conversation_id: 3 },
  { type: 'like', liker_id: 8 },
  { type: 'match', member_id: 8 },
  { type: 'credits', credits: 40 },
  { type: 'verification', outcome: 'approved' },
  { type: 'verification', outcome: 'rejected' },
  { type: 'resync' },
];

describe('liveUrl', () => {
  it('uses the page origin, wss on https, and resumes after the newest message seen', () => {
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3000' }, 0)).toBe('ws://localhost:3000/api/live');
    expect(liveUrl({ protocol: 'https:', host: 'amoria.example' }, 42)).toBe('wss://amoria.example/api/live?after=42');
  });
});

describe('restartDelay', () => {
  it('spreads the reconnects after a server restart over RESTART_RECONNECT_SPREAD', () => {
    expect(restartDelay(() => 0)).toBe(0);
    expect(restartDelay(() => 0.5)).toBe(RESTART_RECONNECT_SPREAD / 2);
    expect(restartDelay(() => 0.9999)).toBeLessThanOrEqual(RESTART_RECONNECT_SPREAD);
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((attempt) => reconnectDelay(attempt, top))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads each wait over the upper half of its range, never under 1 s nor over 30 s', () => {
    expect(reconnectDelay(3, () => 0)).toBe(4_000);
    fc.assert(
      fc.property(fc.nat(100), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), (attempt, random) => {
        const delay = reconnectDelay(attempt, () => random);
        const ceiling = Math.min(RECONNECT_MAX_DELAY, RECONNECT_MIN_DELAY * 2 ** attempt);
        return delay >= Math.max(RECONNECT_MIN_DELAY, ceiling / 2) && delay <= ceiling;
      }),
    );
  });
});

describe('parseLiveEvent', () => {
  it('reads every kind of event', () => {
    for (const event of VALID_EVENTS) expect(parseLiveEvent(JSON.stringify(event))).toEqual(event);
  });

  it('ignores what is not an event', () => {
    for (const frame of [
      'not json',
      '[]',
      'null',
      '{"type":"party"}',
      '{"type":"hello"}',
      '{"type":"hello","last_message_id":-1}',
      '{"type":"credits","credits":1.5}',
      '{"type":"verification","outcome":"pending"}',
      '{"type":"read","conversation_id":3}',
      '{"type":"typing","conversation_id":3,"member_id":8,"ago":-1}',
      '{"type":"typing","conversation_id":3,"member_id":8,"ago":1.5}',
      '{"type":"typing","conversation_id":3,"member_id":8,"ago":"5"}',
      '{"type":"typing","conversation_id":3,"member_id":8,"ago":null}',
      JSON.stringify({ type: 'message', message: { ...buildMessage(), kind: 'video' } }),
      JSON.stringify({ type: 'message', message: { ...buildMessage(), image: { url: '/a' } } }),
    ]) {
      expect(parseLiveEvent(frame)).toBeNull();
    }
    expect(parseLiveEvent(new ArrayBuffer(2))).toBeNull();
  });

  it('accepts exactly what LiveEventSchema accepts', () => {
    const field = fc.constantFrom(
      'type',
      'last_message_id',
      'message',
      'conversation_id',
      'by_me',
      'member_id',
      'credits',
      'outcome',
      'id',
      'kind',
      'image',
      'gift',
      'at',
      'ago',
    );
    // A valid event with one field, at any depth of a message, replaced or removed.
    const damaged = fc
      .tuple(fc.constantFrom(...VALID_EVENTS), field, fc.option(fc.jsonValue(), { nil: undefined }), fc.boolean())
      .map(([event, key, value, inMessage]) => {
        const copy = structuredClone(event) as Record<string, unknown>;
        const target = inMessage && 'message' in copy ? (copy.message as Record<string, unknown>) : copy;
        if (value === undefined) delete target[key];
        else target[key] = value;
        return copy;
      });
    fc.assert(
      fc.property(fc.oneof(damaged, fc.jsonValue()), (frame) => {
        const text = JSON.stringify(frame);
        return (parseLiveEvent(text) !== null) === LiveEventSchema.safeParse(JSON.parse(text)).success;
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('cache updaters', () => {
  it('puts a new message first in the newest page, once', () => {
    const data = buildChat([buildMessage({ id: 9 }), buildMessage({ id: 7 })]);
    const updated = withMessageInChat(data, buildMessage({ id: 10 }));
    expect(updated.pages[0]!.messages.map((m) => m.id)).toEqual([10, 9, 7]);
    expect(updated.pages[1]).toBe(data.pages[1]);
    expect(withMessageInChat(updated, buildMessage({ id: 10 }))).toBe(updated);
    expect(withMessageInChat(data, buildMessage({ id: 4 }))).toBe(data);
  });

  it('keeps the newest page newest first when a message arrives late', () => {
    const data = buildChat([buildMessage({ id: 9 }), buildMessage({ id: 7 })]);
    expect(withMessageInChat(data, buildMessage({ id: 8 })).pages[0]!.messages.map((m) => m.id)).toEqual([9, 8, 7]);
  });

  it('moves the chat to the top of the list with the message as its last one', () => {
    const data: ChatsResponse = { chats: [buildEntry(1), buildEntry(2, 1), buildEntry(3, 2)] };
    const updated = withMessageInChats(data, buildMessage({ conversation_id: 2, body: 'Zin in koffie?' }), true);
    expect(updated?.chats.map((chat) => [chat.id, chat.num_unread_messages])).toEqual([
      [2, 2],
      [1, 0],
      [3, 2],
    ]);
    expect(updated?.chats[0]!.last_message).toEqual({
      body: 'Zin in koffie?',
      kind: 'text',
      from_me: false,
      at: '2026-11-22T08:00:00.000Z',
    });
  });

  it('counts nothing unread for a read message and shows no text of an image', () => {
    const data: ChatsResponse = { chats: [buildEntry(1), buildEntry(2)] };
    const image = buildMessage({ conversation_id: 2, kind: 'image', body: '', from_me: true });
    const updated = withMessageInChats(data, image, false);
    expect(updated?.chats[0]).toMatchObject({
      id: 2,
      num_unread_messages: 0,
      last_message: { body: '', kind: 'image', from_me: true },
    });
  });

  it('has no answer for a conversation the list lacks', () => {
    expect(withMessageInChats({ chats: [buildEntry(1)] }, buildMessage({ conversation_id: 9 }), true)).toBeNull();
  });

  it('reads, removes and pays', () => {
    const data: ChatsResponse = { chats: [buildEntry(1, 4), buildEntry(2, 1)] };
    expect(withChatRead(data, 1).chats.map((chat) => chat.num_unread_messages)).toEqual([0, 1]);
    expect(withoutChat(data, 1).chats.map((chat) => chat.id)).toEqual([2]);
    expect(withCredits({ user: buildUser({ credits: 50 }) }, 40).user?.credits).toBe(40);
    expect(withCredits({ user: null }, 40)).toEqual({ user: null });
  });
});

describe('applyLiveEvent', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient();
  });
  afterEach(() => {
    queryClient.clear();
    vi.restoreAllMocks();
  });

  function seed() {
    queryClient.setQueryData<ChatsResponse>(queryKeys.chats, { chats: [buildEntry(1), buildEntry(3, 1)] });
    queryClient.setQueryData(queryKeys.chat(3), buildChat([buildMessage({ id: 9 })]));
    queryClient.setQueryData(queryKeys.likes, { profiles: [], liked_by: [] });
    queryClient.setQueryData<UserResponse>(queryKeys.user, { user: buildUser({ credits: 50 }) });
  }
  const isStale = (queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey)?.isInvalidated;
  const chats = () => queryClient.getQueryData<ChatsResponse>(queryKeys.chats)!.chats;

  it('adds a message to its open conversation and to the chat list, counted unread', () => {
    seed();
    applyLiveEvent(queryClient, { type: 'message', message: buildMessage({ id: 12 }) });
    const chat = queryClient.getQueryData<InfiniteData<ChatResponse>>(queryKeys.chat(3))!;
    expect(chat.pages[0]!.messages.map((m) => m.id)).toEqual([12, 9]);
    expect(chats().map((chat) => [chat.id, chat.num_unread_messages])).toEqual([
      [3, 2],
      [1, 0],
    ]);
  });

  it('counts no unread message for the conversation on screen', () => {
    seed();
    const observer = new QueryObserver(queryClient, {
      queryKey: queryKeys.chat(3),
      queryFn: () => new Promise<never>(() => {}),
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});
    applyLiveEvent(queryClient, { type: 'message', message: buildMessage({ id: 12 }) });
    unsubscribe();
    expect(chats()[0]).toMatchObject({ id: 3, num_unread_messages: 1 });
  });

  it('refetches the chat list for a conversation it does not have', () => {
    seed();
    applyLiveEvent(queryClient, { type: 'message', message: buildMessage({ conversation_id: 44 }) });
    expect(isStale(queryKeys.chats)).toBe(true);
    expect(queryClient.getQueryData(queryKeys.chat(44))).toBeUndefined();
  });

  it('applies reads, hidden chats, likes, matches and credits', () => {
    seed();
    applyLiveEvent(queryClient, { type: 'read', conversation_id: 3, by_me: false });
    expect(chats()[1]!.num_unread_messages).toBe(1);
    applyLiveEvent(queryClient, { type: 'read', conversation_id: 3, by_me: true });
    expect(chats()[1]!.num_unread_messages).toBe(0);
    applyLiveEvent(queryClient, { type: 'chat_hidden', conversation_id: 1 });
    expect(chats().map((chat) => chat.id)).toEqual([3]);
    applyLiveEvent(queryClient, { type: 'credits', credits: 35 });
    expect(queryClient.getQueryData<UserResponse>(queryKeys.user)?.user?.credits).toBe(35);
    expect(isStale(queryKeys.likes)).toBe(false);
    applyLiveEvent(queryClient, { type: 'like', liker_id: 8 });
    expect(isStale(queryKeys.likes)).toBe(true);
  });

  it("fetches the member's answer and verification state again on a verification decision", () => {
    seed();
    queryClient.setQueryData(queryKeys.verification, { verification: { status: 'pending', pose: null, reason: null } });
    expect(isStale(queryKeys.user)).toBe(false);
    applyLiveEvent(queryClient, { type: 'verification', outcome: 'approved' });
    expect(isStale(queryKeys.user)).toBe(true);
    expect(isStale(queryKeys.verification)).toBe(true);
  });

  it("shows the partner's read as seen in the open conversation", () => {
    seed();
    const seenAt = () => queryClient.getQueryData<InfiniteData<ChatResponse>>(queryKeys.chat(3))!.pages[0]!.seen_at;
    applyLiveEvent(queryClient, { type: 'read', conversation_id: 3, by_me: true });
    expect(seenAt()).toBeNull();
    applyLiveEvent(queryClient, { type: 'read', conversation_id: 3, by_me: false, at: '2026-01-02T10:00:00.000Z' });
    expect(seenAt()).toBe('2026-01-02T10:00:00.000Z');
  });

  it("keeps the partner's typing until their message arrives", () => {
    seed();
    applyLiveEvent(queryClient, { type: 'typing', conversation_id: 3, member_id: 8 });
    expect(queryClient.getQueryData(queryKeys.typing(3))).toMatchObject({ member_id: 8 });
    applyLiveEvent(queryClient, { type: 'message', message: buildMessage({ id: 13, sender_id: 2 }) });
    expect(queryClient.getQueryData(queryKeys.typing(3))).toMatchObject({ member_id: 8 });
    applyLiveEvent(queryClient, { type: 'message', message: buildMessage({ id: 14, sender_id: 8 }) });
    expect(queryClient.getQueryData(queryKeys.typing(3))).toBeNull();
  });

  it('dates a replayed typing event back by its `ago`', () => {
    seed();
    vi.spyOn(Date, 'now').mockReturnValue(10_000);
    applyLiveEvent(queryClient, { type: 'typing', conversation_id: 3, member_id: 8, ago: 1_200 });
    expect(queryClient.getQueryData(queryKeys.typing(3))).toEqual({ member_id: 8, at: 8_800 });
    applyLiveEvent(queryClient, { type: 'typing', conversation_id: 3, member_id: 8 });
    expect(queryClient.getQueryData(queryKeys.typing(3))).toEqual({ member_id: 8, at: 10_000 });
  });

  it('refetches everything on resync', () => {
    seed();
    applyLiveEvent(queryClient, { type: 'resync' });
    for (const key of [queryKeys.chats, queryKeys.likes, queryKeys.user, queryKeys.chat(3)])
      expect(isStale(key)).toBe(true);
  });

  it('leaves an empty cache empty', () => {
    for (const event of VALID_EVENTS) applyLiveEvent(queryClient, event);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.data !== undefined),
    ).toEqual([]);
  });
});

/** A WebSocket stand-in: the test plays the server. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: ((event: Event) => unknown) | null = null;
  onmessage: ((event: MessageEvent) => unknown) | null = null;
  onclose: ((event: CloseEvent) => unknown) | null = null;
  closed = false;
  /** What the client sent on it. */
  sent: unknown[] = [];

  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }

  close() {
    this.closed = true;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  open() {
    this.onopen?.(new Event('open'));
  }

  serve(event: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof event === 'string' ? event : JSON.stringify(event) }));
  }

  drop(code = 1006) {
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

describe('startLive', () => {
  let queryClient: QueryClient;
  let online = true;
  const base = liveUrl(window.location, 0);
  const latest = () => FakeSocket.opened.at(-1)!;
  const start = () => startLive(queryClient, { socketClass: FakeSocket, random: () => 1 });

  beforeEach(() => {
    vi.useFakeTimers();
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    FakeSocket.opened = [];
    queryClient = new QueryClient();
    queryClient.setQueryData<ChatsResponse>(queryKeys.chats, { chats: [buildEntry(3)] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('opens one socket on the page origin and writes its events into the cache', () => {
    const stop = start();
    expect(FakeSocket.opened.map((socket) => socket.url)).toEqual([base]);
    latest().serve({ type: 'hello', last_message_id: 5 });
    latest().serve('{"type":"message"}');
    latest().serve({ type: 'message', message: buildMessage({ id: 6 }) });
    expect(queryClient.getQueryData<ChatsResponse>(queryKeys.chats)?.chats[0]!.num_unread_messages).toBe(1);
    stop();
  });

  it('reconnects with a growing delay, after the newest message seen, and then refetches', () => {
    const stop = start();
    latest().serve({ type: 'hello', last_message_id: 5 });
    latest().serve({ type: 'message', message: buildMessage({ id: 8 }) });
    expect(queryClient.getQueryState(queryKeys.chats)?.isInvalidated).toBe(false);

    latest().drop();
    vi.advanceTimersByTime(RECONNECT_MIN_DELAY - 1);
    expect(FakeSocket.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(latest().url).toBe(`${base}?after=8`);

    // It fails again before the server greets it: the next wait is twice as long.
    latest().drop();
    vi.advanceTimersByTime(2 * RECONNECT_MIN_DELAY - 1);
    expect(FakeSocket.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.opened).toHaveLength(3);

    latest().serve({ type: 'hello', last_message_id: 9 });
    expect(queryClient.getQueryState(queryKeys.chats)?.isInvalidated).toBe(true);

    // Greeted, the backoff starts again at its shortest.
    latest().drop();
    vi.advanceTimersByTime(RECONNECT_MIN_DELAY);
    expect(latest().url).toBe(`${base}?after=9`);
    stop();
  });

  it('asks for the user at once when the server ends the tab because its login ended', () => {
    queryClient.setQueryData(queryKeys.user, { user: null });
    const stop = start();
    latest().serve({ type: 'hello', last_message_id: 0 });
    latest().drop();
    expect(queryClient.getQueryState(queryKeys.user)?.isInvalidated).toBe(false);
    vi.advanceTimersByTime(RECONNECT_MIN_DELAY);

    latest().drop(LIVE_CLOSE_SESSION_ENDED);
    expect(queryClient.getQueryState(queryKeys.user)?.isInvalidated).toBe(true);
    stop();
  });

  it('reconnects within a moment, without backoff, when its server process restarts', () => {
    let random = 1;
    const stop = startLive(queryClient, { socketClass: FakeSocket, random: () => random });
    // Failed attempts grew the backoff to 4 s.
    latest().drop();
    vi.advanceTimersByTime(RECONNECT_MIN_DELAY);
    latest().drop();
    vi.advanceTimersByTime(2 * RECONNECT_MIN_DELAY);
    expect(FakeSocket.opened).toHaveLength(3);

    random = 0.2;
    latest().drop(LIVE_CLOSE_SERVICE_RESTART);
    vi.advanceTimersByTime(0.2 * RESTART_RECONNECT_SPREAD - 1);
    expect(FakeSocket.opened).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.opened).toHaveLength(4);
    stop();
  });

  it('waits while offline and reconnects as soon as the browser is back online', () => {
    const stop = start();
    latest().serve({ type: 'hello', last_message_id: 0 });
    online = false;
    window.dispatchEvent(new Event('offline'));
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(10 * RECONNECT_MAX_DELAY);
    expect(FakeSocket.opened).toHaveLength(1);

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.opened).toHaveLength(2);
    stop();
  });

  it('does not connect while offline', () => {
    online = false;
    const stop = start();
    expect(FakeSocket.opened).toHaveLength(0);
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.opened).toHaveLength(1);
    stop();
  });

  it('carries frames while its socket is open, and none before it opens or after it closes', () => {
    const stop = start();
    const frame = { type: 'typing', conversation_id: 3 } as const;
    expect(sendLiveFrame(frame)).toBe(false);
    latest().open();
    expect(sendLiveFrame(frame)).toBe(true);
    // Every socket is told first what the tab shows (decision 0087).
    expect(latest().sent).toEqual([{ type: 'watch', conversation_id: null }, frame]);

    latest().drop();
    expect(sendLiveFrame(frame)).toBe(false);
    vi.advanceTimersByTime(RECONNECT_MIN_DELAY);
    latest().open();
    expect(sendLiveFrame(frame)).toBe(true);
    expect(FakeSocket.opened.map((socket) => socket.sent.length)).toEqual([2, 2]);
    stop();
    expect(sendLiveFrame(frame)).toBe(false);
  });

  it('closes for good when stopped', () => {
    const stop = start();
    const socket = latest();
    stop();
    expect(socket.closed).toBe(true);
    socket.drop();
    window.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(10 * RECONNECT_MAX_DELAY);
    expect(FakeSocket.opened).toHaveLength(1);
  });
});
