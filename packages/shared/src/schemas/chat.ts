/**
 * Chat contract, part 1: conversations, text messages and credit spending (issue 6; spec
 * sections 2, 3, 6, 7, 9).
 *
 * Failures answer ErrorResponse (`{ error, message, fields? }`), translated into the request's
 * language. State-changing calls need the request-type header (REQUEST_TYPE_HEADER: REQUEST_TYPE_VALUE).
 * Every endpoint here is for logged-in members only: visitors get 403 authentication_required.
 *
 * Costs: a member who is not paid sends their first settings.free_messages chat messages (counted
 * over all conversations by their ledger rows; messages written during signup are free anyway and
 * not counted) for nothing; every further message, and every message of a paid member, costs
 * settings.message_credits. The credits are taken in the same
 * transaction that stores the message, with a credit ledger row, so concurrent sends can never
 * overdraw the balance or charge twice.
 *
 * Endpoints
 * - POST   /api/message.php       SendMessageBody `{ member_id | conversation_id, body }` ->
 *     SendMessageResponse `{ message, credits }` (credits: the balance after sending).
 *     `body` is trimmed; empty or longer than settings.message_length -> 400 validation_failed
 *     (fields.body). 404 not_found, all alike: unknown member or conversation, the sender
 *     themself, a deleted, disabled or invisible recipient, a block either way, a conversation the
 *     sender is not in. 403 account_not_confirmed: an unconfirmed account cannot send.
 *     403 conversation_limit_reached: a member who is not paid already started
 *     FREE_CONVERSATION_LIMIT conversations and this message would start another (show the
 *     premium prompt). 402 insufficient_credits: not enough credits (show the buy prompt).
 *     Nothing is stored or charged on any failure.
 *     Spam defence: a text with contact details (links, e-mail addresses, phone numbers) from a
 *     new account (NEW_ACCOUNT_DAYS, NEW_ACCOUNT_MESSAGES) is stored held: free, answered with
 *     `held: true`, shown only to its sender until staff release it. 400 repeated_message: the
 *     same opening text to REPEATED_OPENING_LIMIT members within REPEATED_OPENING_HOURS (nothing
 *     stored or charged). 429 rate_limited beyond MESSAGES_PER_MINUTE sends per member (also
 *     message-image.php and gift.php). A shadow-banned sender's messages are answered as sent
 *     and never reach the recipient.
 * - GET    /api/chats.php         -> ChatsResponse `{ chats: ChatEntry[] }`, newest message first.
 *     Chats the member deleted (until a new message arrives), and chats with a deleted, disabled
 *     or blocked (either way) partner are left out.
 * - GET    /api/chat.php          ChatQuery `?id=&before=` -> ChatResponse `{ id, profile,
 *     messages, next }`: the conversation's messages newest first, at most CHAT_PAGE_SIZE; `next`
 *     is the `before` value of the following (older) page, or null. Opening it sets the member's
 *     unread count of the conversation to 0. 404 not_found unless the member is in it.
 * - DELETE /api/chat.php          DeleteChatBody `{ conversation }` -> OkResponse. Hides the chat
 *     from the member's list; a new message in it brings it back. 404 unless the member is in it.
 *
 * Chat contract, part 2: opening a chat by member, images, gifts (issue 6).
 * - GET    /api/chat.php?member_id=   (instead of `id`) the conversation with that member, for
 *     /members/{id}/chat: as above when it exists, else `{ id: null, messages: [], next: null }`
 *     with the profile, so the first message can be written. 404 not_found under the rules of
 *     member.php (unknown, deleted, disabled, invisible, or a block either way), and for oneself.
 *     Every ChatResponse carries `closed` (the partner can no longer be written to: deleted,
 *     disabled, invisible, or a block either way; the chat stays readable) and
 *     `free_messages_left` (the sender's free messages still to use; 0 for paid members).
 * - POST   /api/message-image.php  multipart/form-data: one `file` part (an image, checked and
 *     re-encoded like profile photos, with their limits and translated errors: 400 photo_missing,
 *     photo_not_image, photo_corrupt, photo_too_large, photo_too_small) and
 *     a field `conversation_id` or `member_id` (SendImageFields) -> SendMessageResponse with a
 *     message of kind 'image'. Costs settings.photo_credits (never free). Otherwise the rules of
 *     message.php (404, 403 account_not_confirmed, 403 conversation_limit_reached,
 *     402 insufficient_credits); nothing stored or charged on failure.
 * - GET    /api/gifts.php          -> GiftsResponse `{ gifts }`: the catalogue, in display order,
 *     each with its price (the gift's own, else settings.gift_credits). Member only.
 * - POST   /api/gift.php           SendGiftBody `{ member_id | conversation_id, gift }` ->
 *     SendMessageResponse with a message of kind 'gift'. Costs the gift's price (never free).
 *     400 validation_failed (fields.gift) for an unknown or withdrawn gift; otherwise the rules of
 *     message.php. The profile view sends gifts with member_id.
 *
 * - POST   /api/chat-read.php      DeleteChatBody `{ conversation }` -> OkResponse. Marks the
 *     conversation read (unread 0) while it is open and a new message arrives live. 404 unless
 *     the member is in it.
 *
 * - POST   /api/typing.php         TypingBody `{ conversation }` -> 202 OkResponse. The member is
 *     typing in the conversation: the partner's open tabs get a live `typing` event. Never stored.
 *     At most one event per TYPING_INTERVAL_MS per member and conversation (over all processes);
 *     more are answered 202 alike and dropped. An invisible member's typing is answered 202 and
 *     goes nowhere. 404 not_found, all alike: unknown conversation, one the member is not in, a
 *     block either way. Nothing is sent on any failure. A tab with an open live channel sends the
 *     same event as a `typing` frame on it instead (schemas/live.ts), without a request.
 *
 * Seen: ChatResponse `seen_at` is when the partner last read the conversation (ISO 8601), so the
 *     sender shows 'seen' under their last message sent at or before it; null when the partner
 *     never read it, is invisible, or either blocked the other (presence hidden, modules/directory).
 *     Live, the partner's read arrives as a `read` event with `by_me` false and `at`.
 *
 * Idempotent sends: message.php, message-image.php and gift.php take an optional header
 *     `Idempotency-Key` (IDEMPOTENCY_KEY_HEADER, SendHeaders: 16 to 64 letters, digits, `-` or
 *     `_`, e.g. a UUID), made by the client once per message and sent again with every retry of
 *     it. A repeat with a key the sender used before answers 200 with the message first stored
 *     under it (whatever else the repeat carries, as long as it goes into the same conversation:
 *     a key names one message), with the sender's
 *     balance and free messages now; it stores, charges and announces nothing, and is answered
 *     before the rules that might refuse a new message (credits, limits). A repeat that arrives
 *     while the first is still being sent waits for it. Keys are per sender; without one, every
 *     request is a new message. 400 validation_failed (fields.idempotency_key) for a malformed
 *     key; 409 idempotency_key_reused for a key the sender used for a message into another
 *     conversation (nothing stored or charged).
 *
 * Live updates of all this arrive on the live channel (schemas/live.ts).
 */
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../constants.js';
import { IdSchema, QueryIdSchema, text } from './common.js';
import { ProfileCardSchema } from './members.js';

/** Messages per page of GET /api/chat.php. */
export const CHAT_PAGE_SIZE = 50;

export const MessageKindSchema = z.enum(['text', 'image', 'gift']);
export type MessageKind = z.infer<typeof MessageKindSchema>;

export const SendMessageBodySchema = z
  .object({
    member_id: IdSchema.optional(),
    conversation_id: IdSchema.optional(),
    body: text().max(100_000),
  })
  .refine((b) => (b.member_id === undefined) !== (b.conversation_id === undefined), {
    message: 'field_required',
    path: ['member_id'],
  });
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

/** An image message's picture: the full image and its thumbnail, with the full image's size. */
export const ChatImageSchema = z.object({
  url: z.string(),
  thumb: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ChatImage = z.infer<typeof ChatImageSchema>;

/** A gift of the catalogue. `name` is the operator's name; the client shows `gifts.<key>` when it has that text. */
export const GiftSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** URL of the gift's picture (square SVG or PNG). */
  image: z.string(),
  credits: z.number().int().nonnegative(),
});
export type Gift = z.infer<typeof GiftSchema>;

export const GiftsResponseSchema = z.object({ gifts: z.array(GiftSchema) });
export type GiftsResponse = z.infer<typeof GiftsResponseSchema>;

/** One message as the chat shows it. `image` is set for kind 'image', `gift` for kind 'gift'. */
export const ChatMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  sender_id: z.number().int(),
  from_me: z.boolean(),
  kind: MessageKindSchema,
  body: z.string(),
  image: ChatImageSchema.nullable(),
  gift: GiftSchema.omit({ credits: true }).nullable(),
  credits: z.number().int(),
  at: z.string(),
  /**
   * Only on the sender's own message held back for review (contact details from a new account):
   * the recipient gets it once staff release it.
   */
  held: z.literal(true).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const SendMessageResponseSchema = z.object({
  message: ChatMessageSchema,
  /** The sender's balance after sending. */
  credits: z.number().int(),
  free_messages_left: z.number().int().nonnegative(),
});
export type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>;

/** The last message of a chat list entry; `body` is a preview (text messages only). */
export const LastMessageSchema = z.object({
  body: z.string(),
  kind: MessageKindSchema,
  from_me: z.boolean(),
  at: z.string(),
});

/** A chat list entry (spec section 3). */
export const ChatEntrySchema = z.object({
  id: z.number().int(),
  profile_id: z.number().int(),
  num_unread_messages: z.number().int(),
  profile: ProfileCardSchema,
  last_message: LastMessageSchema.nullable(),
});
export type ChatEntry = z.infer<typeof ChatEntrySchema>;

export const ChatsResponseSchema = z.object({ chats: z.array(ChatEntrySchema) });
export type ChatsResponse = z.infer<typeof ChatsResponseSchema>;

export const ChatQuerySchema = z
  .object({ id: QueryIdSchema.optional(), member_id: QueryIdSchema.optional(), before: QueryIdSchema.optional() })
  .refine((q) => (q.id === undefined) !== (q.member_id === undefined), { message: 'field_required', path: ['id'] });
export type ChatQuery = z.infer<typeof ChatQuerySchema>;

export const ChatResponseSchema = z.object({
  /** Null when the two have no conversation yet (opened by member_id). */
  id: z.number().int().nullable(),
  profile: ProfileCardSchema,
  messages: z.array(ChatMessageSchema),
  next: z.number().int().nullable(),
  /** The partner can no longer be written to; show the chat read-only. */
  closed: z.boolean(),
  free_messages_left: z.number().int().nonnegative(),
  /** When the partner last read the conversation, as far as the viewer may know (see the header). */
  seen_at: z.string().nullable(),
});
export type ChatResponse = z.infer<typeof ChatResponseSchema>;

/** The text fields of POST /api/message-image.php (multipart), besides the `file` part. */
export const SendImageFieldsSchema = z
  .object({ member_id: QueryIdSchema.optional(), conversation_id: QueryIdSchema.optional() })
  .refine((b) => (b.member_id === undefined) !== (b.conversation_id === undefined), {
    message: 'field_required',
    path: ['member_id'],
  });
export type SendImageFields = z.infer<typeof SendImageFieldsSchema>;

export const SendGiftBodySchema = z
  .object({ member_id: IdSchema.optional(), conversation_id: IdSchema.optional(), gift: text().min(1).max(64) })
  .refine((b) => (b.member_id === undefined) !== (b.conversation_id === undefined), {
    message: 'field_required',
    path: ['member_id'],
  });
export type SendGiftBody = z.infer<typeof SendGiftBodySchema>;

/** A send's idempotency key: what a UUID or a random base64url string is made of. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The headers of the three sends: the other headers pass through untouched. A malformed key is
 * reported as the field `idempotency_key`, named like the body's fields.
 */
export const SendHeadersSchema = z
  .looseObject({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() })
  .superRefine((headers, ctx) => {
    const key = headers[IDEMPOTENCY_KEY_HEADER];
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['idempotency_key'], input: key });
    }
  });
export type SendHeaders = z.infer<typeof SendHeadersSchema>;

export const DeleteChatBodySchema = z.object({ conversation: IdSchema });
export type DeleteChatBody = z.infer<typeof DeleteChatBodySchema>;

/** POST /api/typing.php. */
export const TypingBodySchema = z.object({ conversation: IdSchema });
export type TypingBody = z.infer<typeof TypingBodySchema>;
