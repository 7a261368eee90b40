/**
 * The live channel (issue 6; ARCHITECTURE.md "Live events"): one WebSocket per tab at
 * GET /api/live, authenticated by the session cookie. The handshake is refused (403) without a
 * session or when the Origin header is not the site's own host. Every server frame is one JSON
 * LiveEvent. The server pings every LIVE_PING_INTERVAL and drops sockets that stop answering.
 *
 * The client sends two kinds of frame, LiveClientFrames, and neither is answered:
 * - typing: the member is typing in the conversation, the same event as POST /api/typing.php
 *   without a request of its own (decision 0083). One for a conversation not the member's or
 *   across a block, an invisible member's, and one within TYPING_INTERVAL_MS of the last are
 *   dropped quietly.
 * - watch: the conversation the tab shows now, or null for none (decision 0087). Typing events
 *   go only to the tabs that show their conversation; a tab that has never sent `watch` gets
 *   them all. Sent on every (re)connect and whenever the shown conversation changes (a hidden
 *   tab shows none). A tab that starts to show a conversation whose partner typed less than
 *   TYPING_SHOWN_MS ago gets that `typing` event at once, with `ago`.
 * A frame that is not one (not JSON, another shape, binary) is dropped quietly too, and the
 * socket stays open. Only a frame larger than LIVE_MAX_FRAME_BYTES closes it (1009, "message too big").
 *
 * Nothing is lost: a message is stored before it is announced, and events carry message ids.
 * The client remembers the highest message id it has seen and reconnects with `?after=<id>`;
 * the server then first sends the member's messages newer than that from the database, oldest
 * first (at most LIVE_CATCH_UP_LIMIT; beyond that one `resync` instead), and then `hello`.
 * Without `after`, `hello` comes first. `hello.last_message_id` is the newest message id of the
 * member's conversations at that moment: the client's baseline for the next reconnect.
 *
 * A tab lives as long as the session it was opened on: when that session ends (logout, a new
 * login in the browser, a password change or reset, account deletion) the server closes the
 * socket with LIVE_CLOSE_SESSION_ENDED, and a reconnect without a session is refused (403).
 * When a server process shuts down (a restart, a deploy) it closes its tabs with
 * LIVE_CLOSE_SERVICE_RESTART, and the client reconnects within a moment, to another process.
 * On every (re)connect the client also refetches chats, likes and the user, which covers read
 * state, likes and credits missed while disconnected.
 *
 * Events go to every open tab of the member concerned:
 * - message: a message to or from the member (from another tab); `message.from_me` is relative
 *   to the receiving member.
 * - read: the member's own read of a conversation in another tab (`by_me` true: unread is 0),
 *   or the partner read it (`by_me` false, `at`: the chat's `seen_at` now). A partner who is
 *   invisible, or a block either way, sends no partner read.
 * - typing: the partner (`member_id`) is typing in the conversation (schemas/chat.ts typing.php);
 *   show it until TYPING_SHOWN_MS after the last one, or until their message arrives. Only to
 *   tabs that show the conversation (see `watch`); `ago`: ms since it happened, on a replay.
 * - chat_hidden: the member deleted the chat from the list in another tab.
 * - like: someone liked the member. match: the member and `member_id` like each other.
 * - credits: the member's balance changed (spending, purchases).
 * - verification: a moderator decided the member's verification request (`outcome`); user.php's
 *   `verification_notice` and verification.php tell the same (schemas/verification.ts).
 * - resync: too much was missed; refetch chats, likes and the user, and reopen the open chat.
 */
import { z } from 'zod';
import { queryInt } from './common.js';
import { ChatMessageSchema } from './chat.js';
import { VerificationOutcomeSchema } from './verification.js';

/** Path of the WebSocket endpoint. */
export const LIVE_PATH = '/api/live';
/** Server ping interval in ms; a socket that misses one pong is closed. */
export const LIVE_PING_INTERVAL = 30_000;
/** The close code of a tab whose session ended (an application code, after HTTP's 401). */
export const LIVE_CLOSE_SESSION_ENDED = 4401;
/** The close code of a tab whose server process is shutting down (RFC 6455's "service restart"). */
export const LIVE_CLOSE_SERVICE_RESTART = 1012;
/** Most messages sent on a reconnect's catch-up before the server answers `resync` instead. */
export const LIVE_CATCH_UP_LIMIT = 200;

/** Largest client frame; a larger one closes the socket (1009, "message too big"). */
export const LIVE_MAX_FRAME_BYTES = 1024;

/** A frame the client sends on the live channel (see above). */
const ConversationIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const LiveClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversation_id: ConversationIdSchema }),
  z.object({ type: z.literal('watch'), conversation_id: ConversationIdSchema.nullable() }),
]);
export type LiveClientFrame = z.infer<typeof LiveClientFrameSchema>;

export const LiveQuerySchema = z.object({ after: queryInt(0, Number.MAX_SAFE_INTEGER).optional() });
export type LiveQuery = z.infer<typeof LiveQuerySchema>;

export const LiveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), last_message_id: z.number().int().nonnegative() }),
  z.object({ type: z.literal('message'), message: ChatMessageSchema }),
  z.object({
    type: z.literal('read'),
    conversation_id: z.number().int(),
    by_me: z.boolean(),
    /** The partner's read (by_me false): when, ISO 8601. */
    at: z.string().optional(),
  }),
  z.object({
    type: z.literal('typing'),
    conversation_id: z.number().int(),
    member_id: z.number().int(),
    ago: z.number().int().nonnegative().optional(),
  }),
  z.object({ type: z.literal('chat_hidden'), conversation_id: z.number().int() }),
  z.object({ type: z.literal('like'), liker_id: z.number().int() }),
  z.object({ type: z.literal('match'), member_id: z.number().int() }),
  z.object({ type: z.literal('credits'), credits: z.number().int() }),
  z.object({ type: z.literal('verification'), outcome: VerificationOutcomeSchema }),
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
