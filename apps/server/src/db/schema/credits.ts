import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CREDIT_REASONS } from '@app/shared';
import { messages } from './chat.js';
import { members } from './members.js';
import { orders } from './payments.js';

export { CREDIT_REASONS };

/**
 * Every change of a member's credit balance, with the balance after it, so a balance can be
 * explained (and audited) entry by entry. Spending is a negative delta. Every balance is the sum
 * of its member's rows (`npm run ledger:check` verifies a whole database).
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: CREDIT_REASONS }).notNull(),
    /** The message that spent the credits, while it exists. */
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    /** The order that bought the credits (reason 'purchase'). */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_member_idx').on(t.memberId, t.id)],
);
