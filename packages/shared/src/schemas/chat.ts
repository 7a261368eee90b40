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
 * - GET    /api/chats.php         -> ChatsResponse `{ chats: ChatEntry[] }`, newest message first.
 *     Chats the member deleted (until a new message arrives), and chats with a deleted, disabled
 *     or blocked (either way) partner are left out.
 * - GET    /api/chat.php          ChatQuery `?id=&before=` -> ChatResponse `{ id, profile,
 *     messages, next }`: the conversation's messages newest first, at most CHAT_PAGE_SIZE; `next`
 *     is the `before` value of the following (older) page, or null. Opening it sets the member's
 *     unread count of the conversation to 0. 404 not_found unless the member is in it.
 * - DELETE /api/chat.php          DeleteChatBody `{ conversation }` -> OkResponse. Hides the chat
 *     from the member's list; a new message in it brings it back. 404 unless the member is in it.
 */
import { z } from 'zod';
import { ProfileCardSchema } from './members.js';

/** Messages per page of GET /api/chat.php. */
export const CHAT_PAGE_SIZE = 50;

export const MessageKindSchema = z.enum(['text', 'image', 'gift']);
export type MessageKind = z.infer<typeof MessageKindSchema>;

const Id = z.coerce.number().int().positive();

export const SendMessageBodySchema = z
  .object({
    member_id: Id.optional(),
    conversation_id: Id.optional(),
    body: z.string().max(100_000),
  })
  .refine((b) => (b.member_id === undefined) !== (b.conversation_id === undefined), {
    message: 'field_required',
    path: ['member_id'],
  });
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

/** One message as the chat shows it. */
export const ChatMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  sender_id: z.number().int(),
  from_me: z.boolean(),
  kind: MessageKindSchema,
  body: z.string(),
  credits: z.number().int(),
  at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const SendMessageResponseSchema = z.object({
  message: ChatMessageSchema,
  credits: z.number().int(),
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

export const ChatQuerySchema = z.object({ id: Id, before: Id.optional() });
export type ChatQuery = z.infer<typeof ChatQuerySchema>;

export const ChatResponseSchema = z.object({
  id: z.number().int(),
  profile: ProfileCardSchema,
  messages: z.array(ChatMessageSchema),
  next: z.number().int().nullable(),
});
export type ChatResponse = z.infer<typeof ChatResponseSchema>;

export const DeleteChatBodySchema = z.object({ conversation: Id });
export type DeleteChatBody = z.infer<typeof DeleteChatBodySchema>;
