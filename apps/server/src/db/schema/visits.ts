import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.js';

/**
 * Who opened whose profile: one row per pair, its last time and how often. Opening the profile
 * again updates the row (one upsert on the primary key), so a member's visitors list holds each
 * visitor once. Rows go with either member (foreign keys cascade) and after VISITS_KEEP_DAYS
 * without a new visit (the visits job).
 */
export const profileVisits = pgTable(
  'profile_visits',
  {
    viewedId: bigint('viewed_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    viewerId: bigint('viewer_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.viewedId, t.viewerId] }),
    // The visitors list, newest first (read backwards), and the new-visitors count: one index
    // range per member. The viewer's id completes the order (time, then id), so a cursor page
    // is one range too, in a prepared statement's generic plan as well.
    index('profile_visits_viewed_last_idx').on(t.viewedId, t.lastAt, t.viewerId),
    // The visits a member made (their data export; deleting the member's rows by cascade), and
    // the console's list of them, newest first (read backwards).
    index('profile_visits_viewer_last_idx').on(t.viewerId, t.lastAt, t.viewedId),
    // The visits job erases rows by age across all members.
    index('profile_visits_last_idx').on(t.lastAt),
    check('profile_visits_not_self', sql`${t.viewedId} <> ${t.viewerId}`),
  ],
);

/** When the member last opened their visitors page: visits after it are new (the badge). */
export const visitorsSeen = pgTable('visitors_seen', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
