import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.js';

/**
 * Who liked whom (spec sections 3 and 7). A like in both directions is a match. `seen_at` stays
 * null while the liked member has not opened the liker's profile: that is the like_new flag.
 */
export const likes = pgTable(
  'likes',
  {
    likerId: bigint('liker_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    likedId: bigint('liked_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Where the like was given: a card or profile, the swipe game, or the site's auto-like. */
    source: text('source', { enum: ['profile', 'swipe', 'auto'] })
      .notNull()
      .default('profile'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** When the like back made this a match (set on both rows of the pair), else null. */
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [
    // "Did A like B" and A's given likes, newest first. The other member's id completes the
    // lists' order (time, then id), so a cursor page is one index range however many likes A
    // has: without it a prepared statement's generic plan sorts all of them.
    primaryKey({ columns: [t.likerId, t.likedId] }),
    index('likes_liker_created_idx').on(t.likerId, t.createdAt, t.likedId),
    // A's received likes, newest first (the same order), and the count of new ones.
    index('likes_liked_created_idx').on(t.likedId, t.createdAt, t.likerId),
    // A's matches, newest first: one index range however many likes A has.
    index('likes_matches_idx')
      .on(t.likerId, t.matchedAt, t.likedId)
      .where(sql`${t.matchedAt} is not null`),
    check('likes_not_self', sql`${t.likerId} <> ${t.likedId}`),
  ],
);

/**
 * Every card decided in the swipe game, so it is not shown again. `day` is the member's own
 * calendar day of the decision: the daily like limit counts likes per member per day.
 */
export const swipes = pgTable(
  'swipes',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    targetId: bigint('target_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['like', 'pass'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.targetId] }),
    index('swipes_member_day_idx').on(t.memberId, t.day, t.action),
    check('swipes_not_self', sql`${t.memberId} <> ${t.targetId}`),
  ],
);
