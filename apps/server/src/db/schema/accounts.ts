import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.js';

/**
 * Login throttling, one row per member and client address that failed recently: attempts in the
 * current window and the lock that too many of them set. The address `*` holds the slower
 * count over every address of the account. A success from an address deletes its row.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The client address (an IPv6 address by its /64), or `*` for the whole account. */
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.address] })],
);

/**
 * Single-use tokens mailed to a member: activation, password reset, e-mail change (the new
 * address in `payload`) and reactivation. Only the SHA-256 hash of the token is stored.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['activation', 'password_reset', 'email_change', 'reactivation'] }).notNull(),
    payload: text('payload'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_member_idx').on(t.memberId, t.kind, t.createdAt)],
);

/** The traffic source a member signed up with (spec section 3, tracking record). */
export const memberTracking = pgTable('member_tracking', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  network: text('network'),
  ref: text('ref'),
  sub1: text('sub1'),
  sub2: text('sub2'),
  sub3: text('sub3'),
  /** The landing page the visitor first arrived on (`gallery/milf-de`, `members/12/landing2/nl`). */
  landing: text('landing'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A first message written while signing up through /members/{id}/signup. The chat module
 * delivers it once the sender's e-mail is confirmed.
 */
export const pendingFirstMessages = pgTable(
  'pending_first_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_first_messages_sender_idx').on(t.senderId)],
);

/** Mails of the outbox transport (no SMTP_URL): kept for the dev-only outbox listing. */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_mails_to_idx').on(t.to)],
);
