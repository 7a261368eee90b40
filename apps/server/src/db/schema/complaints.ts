import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.js';

/**
 * A complaint sent through /complaints, by a visitor or a member. The operator's queue (issue
 * 10) works through them by status; the sender's address is kept to answer them.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domain: text('domain').notNull(),
    /** The sender's language: the confirmation and any answer are written in it. */
    language: text('language').notNull(),
    /** The member who sent it while logged in; kept when that account is erased, for the record. */
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic', { enum: ['member', 'payment', 'service', 'other'] }).notNull(),
    /** The member, profile link or order it is about, as the sender named it. */
    subject: text('subject'),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'in_progress', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('complaints_message_length', sql`char_length(${t.message}) <= 5000`),
    // The operator's queue: open complaints first, oldest first.
    index('complaints_queue_idx').on(t.status, t.createdAt),
    index('complaints_member_idx').on(t.memberId),
  ],
);
