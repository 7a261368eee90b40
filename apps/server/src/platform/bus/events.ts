import { ChatMessageSchema } from '@app/shared';
import { z } from 'zod';
import type { Bus } from './index.js';

/**
 * Typed domain events on the bus. Publishers use publishEvent, so only a known event shape can
 * be sent; subscribers parse with the channel's schema, since another process (or version) may
 * have sent what they receive.
 */

/** Likes and matches, for whatever delivers them later (push messages, live badges). */
export const LIKES_CHANNEL = 'likes';

export const LikeEventSchema = z.object({
  type: z.literal('like'),
  liker_id: z.number().int(),
  liked_id: z.number().int(),
  source: z.enum(['profile', 'swipe', 'auto']),
  /** ISO 8601. */
  at: z.string(),
});
export type LikeEvent = z.infer<typeof LikeEventSchema>;

/** Two members liked each other; `member_ids` ascending. */
export const MatchEventSchema = z.object({
  type: z.literal('match'),
  member_ids: z.tuple([z.number().int(), z.number().int()]),
  at: z.string(),
});
export type MatchEvent = z.infer<typeof MatchEventSchema>;

export const LikesChannelEventSchema = z.discriminatedUnion('type', [LikeEventSchema, MatchEventSchema]);
export type LikesChannelEvent = z.infer<typeof LikesChannelEventSchema>;

/** Messages and chat state, for the live channel and (later) push and e-mail notifications. */
export const CHAT_CHANNEL = 'chat';

/**
 * A stored message, announced after its transaction committed. `message` is ChatMessage
 * without `from_me`, which each receiver works out against `sender_id`.
 */
export const ChatMessageEventSchema = z.object({
  type: z.literal('message'),
  recipient_id: z.number().int(),
  /** The conversation's first message (it opened the conversation): a new-conversation notice. */
  first: z.boolean(),
  message: ChatMessageSchema.omit({ from_me: true }),
});
export type ChatMessageEvent = z.infer<typeof ChatMessageEventSchema>;

/**
 * `member_id` opened (read) the conversation. `seen_at` is what the partner is told (the read's
 * time), null when the partner may not know (the reader's presence is hidden from them).
 */
export const ChatReadEventSchema = z.object({
  type: z.literal('read'),
  conversation_id: z.number().int(),
  member_id: z.number().int(),
  partner_id: z.number().int(),
  seen_at: z.string().nullable(),
});

/** `member_id` deleted the chat from their list. */
export const ChatHiddenEventSchema = z.object({
  type: z.literal('hidden'),
  conversation_id: z.number().int(),
  member_id: z.number().int(),
});

export const ChatChannelEventSchema = z.discriminatedUnion('type', [
  ChatMessageEventSchema,
  ChatReadEventSchema,
  ChatHiddenEventSchema,
]);
export type ChatChannelEvent = z.infer<typeof ChatChannelEventSchema>;

/** A member's credit balance changed; `credits` is the balance after the change. */
export const CREDITS_CHANNEL = 'credits';
export const CreditsEventSchema = z.object({
  type: z.literal('credits'),
  member_id: z.number().int(),
  credits: z.number().int(),
});
export type CreditsEvent = z.infer<typeof CreditsEventSchema>;

/**
 * Sessions that ended, so the live channel closes the tabs that were opened on them. Ids are
 * session ids (the stored hash of the token, which logs nobody in).
 */
export const SESSIONS_CHANNEL = 'sessions';

/** One session of the member ended (logout, a new login in the same browser). */
export const SessionEndedEventSchema = z.object({
  type: z.literal('session_ended'),
  member_id: z.number().int(),
  session_id: z.string(),
});

/**
 * Every session of the member ended (password change or reset, account deletion), except
 * `kept_session_id` when set: the one a password change starts for the browser that made it.
 */
export const SessionsEndedEventSchema = z.object({
  type: z.literal('sessions_ended'),
  member_id: z.number().int(),
  kept_session_id: z.string().nullable(),
});

export const SessionsChannelEventSchema = z.discriminatedUnion('type', [
  SessionEndedEventSchema,
  SessionsEndedEventSchema,
]);
export type SessionsChannelEvent = z.infer<typeof SessionsChannelEventSchema>;

/**
 * Typing, never stored (decision 0083), on a channel of its own: the most frequent event by far,
 * it reaches the live channel only, not every handler of chat events, and goes as batches (one
 * bus message per process and TYPING_BATCH_MS, typing.outbox.ts) rather than one message each.
 */
export const TYPING_CHANNEL = 'typing';

/** `member_id` is typing in the conversation, for `partner_id`'s tabs. */
export const TypingSchema = z.object({
  conversation_id: z.number().int(),
  member_id: z.number().int(),
  partner_id: z.number().int(),
});
export type Typing = z.infer<typeof TypingSchema>;

export const TypingBatchEventSchema = z.object({
  type: z.literal('typing_batch'),
  typing: z.array(TypingSchema),
});
export type TypingBatchEvent = z.infer<typeof TypingBatchEventSchema>;

/**
 * A change of what decides whether a member's presence reaches another (directory.rules.ts
 * showsPresenceTo): a block or unblock between `member_ids`, or the invisible mode of the one
 * member named. The live channel checks these members' typing again (decision 0083).
 */
export const PRESENCE_CHANNEL = 'presence';
export const PresenceChangedEventSchema = z.object({
  type: z.literal('presence_changed'),
  member_ids: z.array(z.number().int()),
});
export type PresenceChannelEvent = z.infer<typeof PresenceChangedEventSchema>;

/**
 * The console changed what each process caches per site: site settings, a company, reference
 * lists. Every process drops those caches at once rather than waiting for their TTL.
 */
export const SITE_DATA_CHANNEL = 'site-data';
export const SiteDataChangedEventSchema = z.object({ type: z.literal('site_data_changed') });
export type SiteDataChannelEvent = z.infer<typeof SiteDataChangedEventSchema>;

/**
 * Members whose polled answers (user.php, chats.php, likes.php) may have changed, announced
 * after the write committed: every process drops the answers it remembers of these members and
 * those showing them. `member_ids` null means every member's (a member may reappear in lists).
 */
export const ANSWERS_CHANNEL = 'answers';
export const AnswersStaleEventSchema = z.object({
  type: z.literal('answers_stale'),
  member_ids: z.array(z.number().int()).nullable(),
});
export type AnswersChannelEvent = z.infer<typeof AnswersStaleEventSchema>;

/**
 * A visit to a member who wants to hear of visits (schemas/visits.ts); the pushes and mails it
 * makes are claimed once per member and day.
 */
export const VISITS_CHANNEL = 'visits';
export const VisitEventSchema = z.object({
  type: z.literal('visit'),
  viewer_id: z.number().int(),
  viewed_id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
});
export type VisitEvent = z.infer<typeof VisitEventSchema>;

/**
 * A moderator decided a member's verification request: the notifications and push services tell
 * the member (each claims its delivery once, whichever process gets the event), and the live
 * channel the member's open tabs.
 */
export const VERIFICATION_CHANNEL = 'verification';
export const VerificationEventSchema = z.object({
  type: z.literal('verification'),
  member_id: z.number().int(),
  request_id: z.number().int(),
  outcome: z.enum(['approved', 'rejected']),
});
export type VerificationEvent = z.infer<typeof VerificationEventSchema>;

/** Every channel with its event type. */
export interface BusEvents {
  [LIKES_CHANNEL]: LikesChannelEvent;
  [CHAT_CHANNEL]: ChatChannelEvent;
  [CREDITS_CHANNEL]: CreditsEvent;
  [SESSIONS_CHANNEL]: SessionsChannelEvent;
  [TYPING_CHANNEL]: TypingBatchEvent;
  [PRESENCE_CHANNEL]: PresenceChannelEvent;
  [SITE_DATA_CHANNEL]: SiteDataChannelEvent;
  [ANSWERS_CHANNEL]: AnswersChannelEvent;
  [VISITS_CHANNEL]: VisitEvent;
  [VERIFICATION_CHANNEL]: VerificationEvent;
}

/** Publishes an event of the channel's own type. */
export function publishEvent<C extends keyof BusEvents>(bus: Bus, channel: C, event: BusEvents[C]): Promise<void> {
  return bus.publish(channel, event);
}
