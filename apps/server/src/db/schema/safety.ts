import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { messages } from './chat.js';
import { complaints } from './complaints.js';
import { members } from './members.js';
import { staff } from './staff.js';

/** Why a member reports a profile or a message. */
export const REPORT_REASONS = ['fake', 'scam', 'spam', 'harassment', 'inappropriate', 'underage', 'other'] as const;

/** The states of the operator's queue, shared by reports and complaints. */
export const CASE_STATUSES = ['open', 'in_progress', 'resolved'] as const;

/** A member's report of another member's profile, or of one of their messages. */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reporterId: bigint('reporter_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reports_note_length', sql`char_length(${t.note}) <= 2000`),
    index('reports_queue_idx').on(t.status, t.createdAt),
    // "Reports against this member" and the automatic shadow-ban's count of distinct reporters.
    index('reports_member_idx').on(t.memberId, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);

/** A staff note on a report or a complaint: the queue's working record. */
export const caseNotes = pgTable(
  'case_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: bigint('report_id', { mode: 'number' }).references(() => reports.id, { onDelete: 'cascade' }),
    complaintId: bigint('complaint_id', { mode: 'number' }).references(() => complaints.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('case_notes_one_case', sql`(${t.reportId} is null) <> (${t.complaintId} is null)`),
    check('case_notes_body_length', sql`char_length(${t.body}) between 1 and 5000`),
    index('case_notes_report_idx').on(t.reportId),
    index('case_notes_complaint_idx').on(t.complaintId),
  ],
);

/**
 * Mailboxes that may not sign up again: a ban records the member's normalized address here,
 * so deleting the account and signing up with a variant of it does not get round the ban.
 */
export const bannedEmails = pgTable('banned_emails', {
  emailKey: text('email_key').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per member per day they used the site: the dashboard's active members. */
export const activeDays = pgTable(
  'active_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.memberId] })],
);
