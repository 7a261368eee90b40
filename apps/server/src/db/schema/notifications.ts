import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members.js';
import { sessions } from './sessions.js';

/** A device's web push subscription; a member may have several. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /**
     * The login that subscribed the device: when it ends (logout, expiry, a password change
     * ending other sessions), the device stops getting that member's pushes.
     */
    sessionId: text('session_id').references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_member_idx').on(t.memberId),
    // Ending a session deletes its subscriptions (the foreign key cascades) along this index.
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * Secrets the server makes itself on first start and keeps (VAPID keys, the key that signs
 * unsubscribe tokens): inserted with ON CONFLICT DO NOTHING and read back, so several processes
 * starting at once agree on one value.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Runs of scheduled jobs: a process claims (job, period) by inserting it, so each job runs once
 * per period whatever the number of processes.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    /** The period the run covers, e.g. '2026-11-22T08:15' or '2026-W47'. */
    period: text('period').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * Every notification sent (or claimed for sending), one row per member, channel, kind and
 * reference: the unique index is what makes each go out once, whatever the number of processes.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['push', 'email'] }).notNull(),
    /** new_conversations, new_messages, like, match, unread_message_reminders, weekly_updates, ... */
    kind: text('kind').notNull(),
    /** What it is about: a message id, a like, a batch window. */
    ref: text('ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once_idx').on(t.memberId, t.channel, t.kind, t.ref),
    index('notification_deliveries_recent_idx').on(t.memberId, t.channel, t.kind, t.createdAt),
    index('notification_deliveries_created_idx').on(t.createdAt),
  ],
);
