import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './members.js';

/**
 * A conversation between two members. The pair is stored lowest id first, so one pair has one
 * conversation whoever writes first; `started_by` counts toward the free members' limit of
 * conversations started.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberLowId: bigint('member_low_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    memberHighId: bigint('member_high_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    startedBy: bigint('started_by', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.memberLowId, t.memberHighId),
    index('conversations_high_idx').on(t.memberHighId),
    index('conversations_started_by_idx').on(t.startedBy),
    check('conversations_pair_ordered', sql`${t.memberLowId} < ${t.memberHighId}`),
  ],
);

/**
 * Each member's side of a conversation: the chat list entry. `last_message_at` is copied here
 * so the list is one index range per member, newest first; `hidden_at` is set when the member
 * deletes the chat from the list (a new message brings it back).
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.memberId] }),
    index('conversation_members_list_idx').on(t.memberId, t.lastMessageAt),
    // The notification jobs' scans: list entries with unread messages, by the newest message.
    index('conversation_members_unread_idx')
      .on(t.lastMessageAt)
      .where(sql`${t.unreadCount} > 0`),
    check('conversation_members_unread_nonnegative', sql`${t.unreadCount} >= 0`),
  ],
);

/**
 * The gift catalogue. `credits` null means the site's settings.gift_credits; a withdrawn gift
 * (active false) can no longer be sent but still shows in the chats it was sent in. `image` is
 * a path under the web root (the seeded gifts ship with the web app) or a media URL.
 */
export const gifts = pgTable('gifts', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  image: text('image').notNull(),
  credits: integer('credits'),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A message in a conversation: text, an image or a gift, with the credits it cost. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['text', 'image', 'gift'] })
      .notNull()
      .default('text'),
    body: text('body').notNull().default(''),
    /** Storage key of an image message (its thumbnail is stored under imageThumbKey). */
    imageKey: text('image_key'),
    imageThumbKey: text('image_thumb_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    /** The gift of a gift message. */
    giftKey: text('gift_key').references(() => gifts.key, { onUpdate: 'cascade' }),
    credits: integer('credits').notNull().default(0),
    /**
     * Set while the message is held back for review (spam defence): only its sender sees it,
     * until staff release it (cleared) or drop it.
     */
    heldReason: text('held_reason', { enum: ['contact_details'] }),
    /** The staff member who wrote it for a site-run (fictional) profile. */
    staffId: integer('staff_id'),
    /**
     * The sender's idempotency key of the send (the Idempotency-Key header): a repeat of the
     * send with the same key answers this message instead of storing and charging another.
     */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A conversation's messages, newest first, paged by id.
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // The dashboard's messages per day, and the spam check of one sender's recent messages.
    index('messages_created_idx').on(t.createdAt),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
    index('messages_held_idx')
      .on(t.id)
      .where(sql`${t.heldReason} is not null`),
    // One message per sender and key, whatever runs at the same time; also the repeat's lookup.
    uniqueIndex('messages_sender_client_key_idx')
      .on(t.senderId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
    check('messages_credits_nonnegative', sql`${t.credits} >= 0`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
export type HeldReason = NonNullable<MessageRow['heldReason']>;
export type GiftRow = typeof gifts.$inferSelect;

/** What a gift message shows of its gift. */
export type GiftRef = Pick<GiftRow, 'key' | 'name' | 'image'>;

/** A message with its gift, ready to present. */
export type StoredMessage = MessageRow & { gift: GiftRef | null };
