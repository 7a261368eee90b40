import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  LAST_ACTIVE_THROTTLE_MINUTES,
  LIVE_CLOSE_SERVICE_RESTART,
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_PING_INTERVAL,
  LiveClientFrameSchema,
  TYPING_INTERVAL_MS,
  TYPING_SHOWN_MS,
  type LiveClientFrame,
  type LiveEvent,
} from '@app/shared';
import {
  CHAT_CHANNEL,
  ChatChannelEventSchema,
  CREDITS_CHANNEL,
  CreditsEventSchema,
  LIKES_CHANNEL,
  LikesChannelEventSchema,
  PRESENCE_CHANNEL,
  PresenceChangedEventSchema,
  SESSIONS_CHANNEL,
  SessionsChannelEventSchema,
  TYPING_CHANNEL,
  TypingBatchEventSchema,
  type ChatChannelEvent,
  type SessionsChannelEvent,
  VERIFICATION_CHANNEL,
  VerificationEventSchema,
  type Typing,
} from '../../platform/bus/events.js';
import type { Bus } from '../../platform/bus/index.js';
import {
  chatDeliveries,
  creditsDeliveries,
  likesDeliveries,
  messageIdOf,
  typingEvent,
  verificationDeliveries,
  type Delivery,
} from './live.rules.js';

export interface LiveHubOptions {
  /** Ms between pings; a tab that has not answered the previous one is dropped. */
  pingIntervalMs: number;
  /**
   * Ms between slices of the ping sweep: each tab is pinged in one slice of every pingIntervalMs,
   * so a process's ten thousand tabs are not ten thousand writes (and then as many pongs) in one
   * turn of the event loop, which held up every message due in it. Short: a slice a second of
   * 8,000 tabs still held the loop 16 to 36 ms (decision 0087).
   */
  pingSliceMs: number;
  /**
   * Bytes a tab may have waiting in its socket's send buffer. A tab further behind is
   * dropped rather than buffered without bound; it reconnects and catches up from the database.
   */
  maxBufferedBytes: number;
  /** Events kept for a tab while it catches up; beyond this it gets `resync` instead. */
  maxPendingEvents: number;
  /** Ms between reports of a member with an open tab (deps.noteActive). */
  activityIntervalMs: number;
  /**
   * Ms between slices of the activity report: each member with a tab is reported once per
   * activityIntervalMs, in the slice of their id, so a process's 8,000 tabs are some 70 rows a
   * second rather than one write of 8,000 rows every two minutes, whose row locks held up the
   * requests of members due for their own note (220 ms; decision 0083).
   */
  activitySliceMs: number;
  /** Ms a tab trusts its check of a conversation for typing frames (see createLiveHub). */
  typingMemoryMs: number;
}

export const DEFAULT_LIVE_HUB_OPTIONS: LiveHubOptions = {
  pingIntervalMs: LIVE_PING_INTERVAL,
  pingSliceMs: 100,
  maxBufferedBytes: 1024 * 1024,
  maxPendingEvents: 1000,
  activityIntervalMs: LAST_ACTIVE_THROTTLE_MINUTES * 60_000,
  activitySliceMs: 1000,
  typingMemoryMs: 60_000,
};

/**
 * Typing events a batch delivers before the hub lets other work run (setImmediate): a message's
 * events never wait behind more than this many typing frames.
 */
const TYPING_SLICE = 64;

/** Conversations a tab remembers for typing; beyond this the oldest is forgotten. */
const TYPING_MEMORY_SIZE = 64;

/** The chat's typing rule (chat.service.ts), for the typing frames of tabs. */
export interface LiveTyping {
  /** The partner the member's typing in the conversation goes to; null when to no one, refusals included. */
  partner(memberId: number, conversationId: number): Promise<number | null>;
  /** Sends it on, through the gate over every process. */
  announce(memberId: number, conversationId: number, partnerId: number): Promise<void>;
}

/** A tab's check of one conversation for typing: where its typing goes, until when that holds. */
interface TypingCheck {
  partnerId: number | null;
  until: number;
}

/** The last typing a member was sent in a conversation: who typed, and when it arrived here. */
interface RecentTyping {
  typistId: number;
  at: number;
}

/**
 * WebSocket close codes (RFC 6455): something failed on our side, or this process is shutting
 * down (clients reconnect at once, to another process).
 */
export const CLOSE_INTERNAL_ERROR = 1011;
export const CLOSE_SERVICE_RESTART = LIVE_CLOSE_SERVICE_RESTART;
/** The tab's session ended (see the contract): the client's reconnect is refused without a session. */
export const CLOSE_SESSION_ENDED = LIVE_CLOSE_SESSION_ENDED;

/** An event ready to send: serialised once for all tabs of a member. */
interface Outgoing {
  data: string;
  messageId: number | null;
}

/** A tab that joined and is catching up: open() sends the catch-up and makes it live. */
export interface JoiningTab {
  open(first: readonly LiveEvent[]): void;
}

/** One open tab of a member: one WebSocket. */
interface TabState {
  readonly memberId: number;
  /** The session the tab was opened on: it closes when that session ends. */
  readonly sessionId: string;
  readonly socket: WebSocket;
  /** Answered the last ping. */
  alive: boolean;
  /** The slice of the ping sweep the tab is pinged in. */
  readonly pingSlot: number;
  /** Events that arrived while the tab was catching up; null once it is live. */
  pending: Outgoing[] | null;
  /** More arrived while catching up than maxPendingEvents: the tab gets `resync`. */
  overflowed: boolean;
  /** Message ids the catch-up sent: the bus may still bring them, and they are dropped. */
  caughtUp: ReadonlySet<number>;
  /** Per conversation, until when this tab's typing frames are dropped unchecked (the gate's interval). */
  typingUntil: Map<number, number>;
  /** Per conversation, the remembered check; cleared when a block or invisible mode names the member. */
  typingChecks: Map<number, TypingCheck>;
  /** Bumped on every clearing, so a check that was under way then is not remembered. */
  typingEpoch: number;
  /**
   * The conversation the tab shows (its last `watch` frame), null for none: typing goes only to
   * it. Undefined until the tab says, and such a tab gets all typing, as clients did before `watch`.
   */
  watching: number | null | undefined;
}

/** A client frame as LiveClientFrame, or null when it is not one. */
function parseClientFrame(data: RawData, isBinary: boolean): LiveClientFrame | null {
  if (isBinary) return null;
  const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
  let frame: unknown;
  try {
    frame = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = LiveClientFrameSchema.safeParse(frame);
  return parsed.success ? parsed.data : null;
}

/** Sets a key as the newest of a map kept to `size` entries, forgetting the oldest beyond it. */
function remember<V>(map: Map<number, V>, key: number, value: V, size: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size <= size) return;
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}

/** The live channel's sockets in this process; see createLiveHub. */
export type LiveHub = ReturnType<typeof createLiveHub>;

/**
 * The live channel's sockets of this process, by member. The process subscribes once to each
 * bus channel (start) and routes every event to the tabs of the members concerned, whichever
 * process published it. A new tab is registered before its catch-up reads the database, and
 * what arrives meanwhile waits until the catch-up is sent (open), so nothing falls between the
 * database and the bus; message ids the catch-up already sent are dropped.
 *
 * Typing frames (decision 0083) cost no request: the tab's member was authenticated at the
 * handshake. A tab drops its frames for a conversation for TYPING_INTERVAL_MS after one it
 * passed on, unchecked; the first frame for a conversation runs the chat's check (a query) and
 * the tab remembers the answer for typingMemoryMs, or until a `presence_changed` announcement
 * names its member: a block or unblock names both members, invisible mode the member, and those
 * are the only facts the check rests on besides the conversation's members, which never change.
 * What passes goes through the chat's gate over all processes and onto the bus like
 * POST /api/typing.php's events. Typing arrives in batches, written a slice at a time with the
 * other events waiting run between the slices.
 *
 * Typing is written only to the tabs that show its conversation (their `watch` frame, decision
 * 0087): the socket write is what typing costs, and no other tab displays it. The last typing
 * each member here was sent per conversation is kept for TYPING_SHOWN_MS, so a tab that starts
 * to show the conversation gets it at once rather than at the typist's next frame; the partner's
 * message, a block and invisible mode forget it as they end the indicator.
 */
export function createLiveHub(deps: {
  bus: Bus;
  log: FastifyBaseLogger;
  options?: Partial<LiveHubOptions>;
  /** Told of each member with a tab open once per activityIntervalMs: they are active (the handshake's request noted the start). */
  noteActive?: (memberIds: number[]) => Promise<void>;
  /** Where typing frames go; without it they are dropped. */
  typing?: LiveTyping;
  now?: () => number;
}) {
  const { bus, log } = deps;
  const now = deps.now ?? Date.now;
  const options = { ...DEFAULT_LIVE_HUB_OPTIONS, ...deps.options };
  const tabsByMember = new Map<number, Set<TabState>>();
  /** Per member with a tab here, per conversation: the last typing they were sent. */
  const recentTyping = new Map<number, Map<number, RecentTyping>>();
  const unsubscribes: Array<() => Promise<void>> = [];
  let pinger: NodeJS.Timeout | null = null;
  const pingSlots = Math.max(1, Math.round(options.pingIntervalMs / options.pingSliceMs));
  /** The tabs of each slice of the ping sweep, so a slice visits its own tabs only. */
  const pingSlotTabs = Array.from({ length: pingSlots }, () => new Set<TabState>());
  let pingTick = 0;
  let joined = 0;
  let activity: NodeJS.Timeout | null = null;
  const activitySlots = Math.max(1, Math.round(options.activityIntervalMs / options.activitySliceMs));
  let activityTick = 0;

  /** One slice of the activity report: the members with a tab here whose id falls in this slot. */
  function noteActive(): void {
    if (!deps.noteActive) return;
    const slot = activityTick++ % activitySlots;
    const memberIds = [...tabsByMember.keys()].filter((memberId) => memberId % activitySlots === slot);
    if (memberIds.length === 0) return;
    deps.noteActive(memberIds).catch((err: unknown) => log.error({ err }, 'live: noting activity failed'));
  }

  function remove(tab: TabState): void {
    pingSlotTabs[tab.pingSlot]!.delete(tab);
    const tabs = tabsByMember.get(tab.memberId);
    if (!tabs?.delete(tab)) return;
    if (tabs.size > 0) return;
    tabsByMember.delete(tab.memberId);
    recentTyping.delete(tab.memberId);
  }

  function write(tab: TabState, data: string): void {
    if (tab.socket.readyState !== tab.socket.OPEN) return;
    if (tab.socket.bufferedAmount > options.maxBufferedBytes) {
      log.warn({ memberId: tab.memberId, buffered: tab.socket.bufferedAmount }, 'live tab too far behind: dropped');
      tab.socket.terminate();
      remove(tab);
      return;
    }
    tab.socket.send(data);
  }

  function sendTo(tab: TabState, outgoing: Outgoing): void {
    if (outgoing.messageId !== null && tab.caughtUp.has(outgoing.messageId)) return;
    if (!tab.pending) return write(tab, outgoing.data);
    if (tab.pending.length < options.maxPendingEvents) tab.pending.push(outgoing);
    else tab.overflowed = true;
  }

  function deliver(deliveries: readonly Delivery[]): void {
    for (const { memberId, event } of deliveries) {
      const tabs = tabsByMember.get(memberId);
      if (!tabs) continue;
      const outgoing = { data: JSON.stringify(event), messageId: messageIdOf(event) };
      for (const tab of tabs) sendTo(tab, outgoing);
    }
  }

  /** Typing goes to the partner's tabs that show the conversation (or have not said what they show). */
  function deliverTypingTo({ conversation_id, member_id, partner_id }: Typing, at: number): void {
    const tabs = tabsByMember.get(partner_id);
    if (!tabs) return;
    let recent = recentTyping.get(partner_id);
    if (!recent) recentTyping.set(partner_id, (recent = new Map()));
    remember(recent, conversation_id, { typistId: member_id, at }, TYPING_MEMORY_SIZE);
    let outgoing: Outgoing | null = null;
    for (const tab of tabs) {
      if (tab.watching !== undefined && tab.watching !== conversation_id) continue;
      outgoing ??= { data: JSON.stringify(typingEvent(conversation_id, member_id)), messageId: null };
      sendTo(tab, outgoing);
    }
  }

  /** Typing comes last: a batch is written in slices, with whatever else is waiting run between them. */
  function deliverTyping(typing: readonly Typing[]): void {
    const at = now();
    for (const one of typing.slice(0, TYPING_SLICE)) deliverTypingTo(one, at);
    if (typing.length > TYPING_SLICE) setImmediate(() => deliverTyping(typing.slice(TYPING_SLICE)));
  }

  /** The partner's message ends their typing: a tab that starts to show the conversation is not told of it. */
  function messageArrived(event: ChatChannelEvent): void {
    if (event.type !== 'message') return;
    const recent = recentTyping.get(event.recipient_id);
    const { conversation_id, sender_id } = event.message;
    if (recent?.get(conversation_id)?.typistId === sender_id) recent.delete(conversation_id);
  }

  /** The tab shows another conversation: typing of the last TYPING_SHOWN_MS there is sent at once. */
  function watch(tab: TabState, conversationId: number | null): void {
    tab.watching = conversationId;
    if (conversationId === null) return;
    const last = recentTyping.get(tab.memberId)?.get(conversationId);
    if (!last) return;
    const ago = Math.max(0, now() - last.at);
    if (ago >= TYPING_SHOWN_MS) return;
    sendTo(tab, { data: JSON.stringify(typingEvent(conversationId, last.typistId, ago)), messageId: null });
  }

  /** Closes the member's tabs whose session the event ended. */
  function endSessions(event: SessionsChannelEvent): void {
    const ended = (tab: TabState) =>
      event.type === 'session_ended' ? tab.sessionId === event.session_id : tab.sessionId !== event.kept_session_id;
    for (const tab of tabsByMember.get(event.member_id) ?? []) {
      if (!ended(tab)) continue;
      tab.socket.close(CLOSE_SESSION_ENDED, 'session ended');
      remove(tab);
    }
  }

  function forgetTypingChecks(tab: TabState): void {
    tab.typingChecks.clear();
    tab.typingEpoch += 1;
  }

  /**
   * Members whose presence rules changed (a block, invisible mode): their tabs check their
   * conversations again, and typing between them and anyone is no longer replayed.
   */
  function forgetTyping(memberIds: readonly number[]): void {
    const named = new Set(memberIds);
    for (const memberId of named) {
      for (const tab of tabsByMember.get(memberId) ?? []) forgetTypingChecks(tab);
      recentTyping.delete(memberId);
    }
    for (const recent of recentTyping.values()) {
      for (const [conversationId, last] of recent) if (named.has(last.typistId)) recent.delete(conversationId);
    }
  }

  async function typingPartner(tab: TabState, conversationId: number, at: number): Promise<number | null> {
    const known = tab.typingChecks.get(conversationId);
    if (known && known.until > at) return known.partnerId;
    const epoch = tab.typingEpoch;
    const partnerId = (await deps.typing?.partner(tab.memberId, conversationId)) ?? null;
    if (tab.typingEpoch === epoch) {
      remember(tab.typingChecks, conversationId, { partnerId, until: at + options.typingMemoryMs }, TYPING_MEMORY_SIZE);
    }
    return partnerId;
  }

  async function typed(tab: TabState, conversationId: number): Promise<void> {
    const at = now();
    if ((tab.typingUntil.get(conversationId) ?? 0) > at) return;
    remember(tab.typingUntil, conversationId, at + TYPING_INTERVAL_MS, TYPING_MEMORY_SIZE);
    const partnerId = await typingPartner(tab, conversationId, at);
    if (partnerId !== null) await deps.typing?.announce(tab.memberId, conversationId, partnerId);
  }

  /** A frame from a tab: never answered, and nothing in it closes the socket. */
  function receive(tab: TabState, data: RawData, isBinary: boolean): void {
    const frame = parseClientFrame(data, isBinary);
    if (!frame) return;
    if (frame.type === 'watch') return watch(tab, frame.conversation_id);
    if (!deps.typing) return;
    typed(tab, frame.conversation_id).catch((err: unknown) =>
      log.error({ err, memberId: tab.memberId }, 'live: typing frame failed'),
    );
  }

  /** Subscribes a channel: events are checked against its schema, since any process may have sent them. */
  async function route<T>(
    channel: string,
    schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } },
    handle: (event: T) => void,
  ): Promise<void> {
    unsubscribes.push(
      await bus.subscribe(channel, (raw) => {
        const parsed = schema.safeParse(raw);
        if (!parsed.success) {
          log.warn({ channel }, 'live: bus event of an unknown shape dropped');
          return;
        }
        handle(parsed.data);
      }),
    );
  }

  /** One slice of the sweep: the tabs of this slot, each once per pingIntervalMs. */
  function ping(): void {
    for (const tab of pingSlotTabs[pingTick++ % pingSlots]!) {
      if (!tab.alive) {
        tab.socket.terminate();
        remove(tab);
        continue;
      }
      tab.alive = false;
      tab.socket.ping();
    }
  }

  return {
    /** Subscribes to the bus and starts pinging: once, when the app is ready. */
    async start(): Promise<void> {
      await route(CHAT_CHANNEL, ChatChannelEventSchema, (event) => {
        messageArrived(event);
        deliver(chatDeliveries(event));
      });
      await route(TYPING_CHANNEL, TypingBatchEventSchema, (event) => deliverTyping(event.typing));
      await route(LIKES_CHANNEL, LikesChannelEventSchema, (event) => deliver(likesDeliveries(event)));
      await route(CREDITS_CHANNEL, CreditsEventSchema, (event) => deliver(creditsDeliveries(event)));
      await route(VERIFICATION_CHANNEL, VerificationEventSchema, (event) => deliver(verificationDeliveries(event)));
      await route(SESSIONS_CHANNEL, SessionsChannelEventSchema, endSessions);
      await route(PRESENCE_CHANNEL, PresenceChangedEventSchema, (event) => forgetTyping(event.member_ids));
      pinger = setInterval(ping, options.pingIntervalMs / pingSlots);
      pinger.unref();
      activity = setInterval(noteActive, options.activityIntervalMs / activitySlots);
      activity.unref();
    },

    /**
     * Registers a member's new tab, opened on session `sessionId` (it closes with
     * CLOSE_SESSION_ENDED when that session ends), before its catch-up reads the database: from now on its
     * events wait until open() sent the catch-up (`first`: missed messages or resync, then
     * hello); then they follow, without the messages the catch-up already held, and from then
     * on events go straight out. Call join synchronously in the WebSocket handler.
     */
    join(memberId: number, sessionId: string, socket: WebSocket): JoiningTab {
      const tab: TabState = {
        memberId,
        sessionId,
        socket,
        alive: true,
        pingSlot: joined++ % pingSlots,
        pending: [],
        overflowed: false,
        caughtUp: new Set(),
        typingUntil: new Map(),
        typingChecks: new Map(),
        typingEpoch: 0,
        watching: undefined,
      };
      let tabs = tabsByMember.get(memberId);
      if (!tabs) tabsByMember.set(memberId, (tabs = new Set()));
      tabs.add(tab);
      pingSlotTabs[tab.pingSlot]!.add(tab);
      socket.on('pong', () => {
        tab.alive = true;
      });
      socket.on('message', (data, isBinary) => receive(tab, data, isBinary));
      socket.on('close', () => remove(tab));
      return {
        open(first) {
          const pending = tab.pending ?? [];
          tab.pending = null;
          tab.caughtUp = new Set(first.map(messageIdOf).filter((id) => id !== null));
          for (const event of first) write(tab, JSON.stringify(event));
          if (tab.overflowed) return write(tab, JSON.stringify({ type: 'resync' } satisfies LiveEvent));
          for (const outgoing of pending) sendTo(tab, outgoing);
        },
      };
    },

    /** Open tabs of a member in this process. */
    tabCount(memberId: number): number {
      return tabsByMember.get(memberId)?.size ?? 0;
    },

    /** Open tabs of every member in this process (the live-sockets gauge). */
    socketCount(): number {
      let count = 0;
      for (const tabs of tabsByMember.values()) count += tabs.size;
      return count;
    },

    /**
     * Stops routing and closes every tab with "service restart", so clients reconnect at once
     * (to another process, behind a load balancer). Called as the app closes.
     */
    async close(): Promise<void> {
      if (pinger) clearInterval(pinger);
      if (activity) clearInterval(activity);
      pinger = null;
      activity = null;
      await Promise.allSettled(unsubscribes.splice(0).map((unsubscribe) => unsubscribe()));
      for (const tabs of tabsByMember.values()) {
        for (const tab of tabs) tab.socket.close(CLOSE_SERVICE_RESTART, 'service restart');
      }
      tabsByMember.clear();
    },
  };
}
