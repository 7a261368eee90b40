import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members.js';

/**
 * A discount code (spec section 3): a percentage off a credit bundle, for everyone or for one
 * member, possibly limited to a country, a currency, a minimum order value and some payment
 * methods. Amounts are integer cents.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    /** Personal codes belong to one member; null for a code anyone may use. */
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'cascade' }),
    percentage: integer('percentage').notNull(),
    country: text('country'),
    currency: text('currency'),
    minimumOrderValue: integer('minimum_order_value'),
    paymentMethods: text('payment_methods').array(),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    /** 'once': one use in all; 'once_per_user': one use per member; 'unlimited'. */
    validity: text('validity', { enum: ['once', 'once_per_user', 'unlimited'] }).notNull().default('once_per_user'),
    /** What created it: the operator, the account-deletion retention offer, the welcome discount, the time bonus. */
    source: text('source', { enum: ['operator', 'retention', 'welcome', 'time_bonus'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_idx').on(sql`upper(${t.code})`),
    index('discount_codes_member_idx').on(t.memberId, t.source),
    check('discount_codes_percentage_range', sql`${t.percentage} between 1 and 100`),
  ],
);
