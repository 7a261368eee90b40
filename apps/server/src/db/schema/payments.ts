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
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    /** 'once': one use in all; 'once_per_user': one use per member; 'unlimited'. */
    validity: text('validity', { enum: ['once', 'once_per_user', 'unlimited'] })
      .notNull()
      .default('once_per_user'),
    /** What created it: the operator, the account-deletion retention offer, the welcome discount, the time bonus. */
    source: text('source', { enum: ['operator', 'retention', 'welcome', 'time_bonus'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_idx').on(sql`upper(${t.code})`),
    index('discount_codes_member_idx').on(t.memberId, t.source),
    // One live retention offer per member: a new one is made only after the last has expired
    // and been set inactive, so two offers asked at once end with one code.
    uniqueIndex('discount_codes_retention_idx')
      .on(t.memberId)
      .where(sql`source = 'retention' and status = 'active'`),
    check('discount_codes_percentage_range', sql`${t.percentage} between 1 and 100`),
  ],
);

/** A credit bundle the operator sells (spec: four tiers p0-p3, one flagged popular). */
export const creditBundles = pgTable(
  'credit_bundles',
  {
    id: serial('id').primaryKey(),
    tier: text('tier', { enum: ['p0', 'p1', 'p2', 'p3'] }).notNull(),
    credits: integer('credits').notNull(),
    popular: boolean('popular').notNull().default(false),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credit_bundles_credits_positive', sql`${t.credits} > 0`)],
);

/** A bundle's price per currency, in cents. */
export const bundlePrices = pgTable(
  'bundle_prices',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => creditBundles.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.currency] }),
    check('bundle_prices_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/**
 * An order of a credit bundle and its payment. The price, credits and discount are copied in
 * when it is placed, so later price changes never alter it; `provider_payment_id` is what a
 * webhook names. Completing it (credits, ledger row, paid flag) happens exactly once: only the
 * update that moves it out of 'pending' does that work.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => creditBundles.id),
    credits: integer('credits').notNull(),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    listAmount: integer('list_amount').notNull(),
    discountCodeId: bigint('discount_code_id', { mode: 'number' }).references(() => discountCodes.id, {
      onDelete: 'set null',
    }),
    discountCode: text('discount_code'),
    discountPercentage: integer('discount_percentage'),
    status: text('status', { enum: ['pending', 'completed', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    failure: text('failure', { enum: ['recurring_declined'] }),
    /** 'demo' | 'mollie' | 'directdebit'. */
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** What a repeat order charges without checkout (the provider's customer and mandate). */
    providerCustomerId: text('provider_customer_id'),
    providerMandateId: text('provider_mandate_id'),
    /** Placed as a repeat order. */
    repeat: boolean('repeat').notNull().default(false),
    termsVersion: timestamp('terms_version', { withTimezone: true }).notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * Refunded by staff through the provider: set once, by the update that claims the refund, so
     * a double click refunds once. The credits taken back are in the ledger ('refund').
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundId: text('refund_id'),
  },
  (t) => [
    index('orders_member_idx').on(t.memberId, t.id),
    // The dashboard's revenue per day and the console's order list.
    index('orders_completed_idx').on(t.completedAt),
    index('orders_created_idx').on(t.createdAt),
    // What the stale-orders jobs look through: the few orders still pending, per provider.
    index('orders_pending_idx')
      .on(t.provider, t.id)
      .where(sql`status = 'pending'`),
    uniqueIndex('orders_provider_payment_idx').on(t.provider, t.providerPaymentId),
    check('orders_amounts_nonnegative', sql`${t.amount} >= 0 and ${t.listAmount} >= ${t.amount}`),
  ],
);

/**
 * Uses of discount codes, one per order with a code, claimed in the transaction that places the
 * order: a pending order holds its use, a completed one keeps it (`used_at`), and an order that
 * fails, is cancelled or expires gives it back in the transaction that moves it (the row goes).
 * Validity is checked against these rows, and two partial unique indexes make the database
 * refuse a second live claim of what the code allows once, whatever runs at the same time.
 */
export const discountCodeUses = pgTable(
  'discount_code_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    /**
     * Null once the member is erased: a paid use outlives its member and order, or erasing an
     * account would hand a code used once back to everyone (unpaid claims are released first).
     */
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    /**
     * What the use holds while it lives: 'code' the single use of a code used once in all,
     * 'member' the member's use of a code used once per member; null holds nothing (an
     * unlimited code, or a use beyond the limit recorded before uses were claimed).
     */
    holds: text('holds', { enum: ['code', 'member'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the order was paid; null while it is pending. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('discount_code_uses_code_idx').on(t.codeId, t.memberId),
    uniqueIndex('discount_code_uses_order_idx').on(t.orderId),
    uniqueIndex('discount_code_uses_code_claim_idx')
      .on(t.codeId)
      .where(sql`holds = 'code'`),
    uniqueIndex('discount_code_uses_member_claim_idx')
      .on(t.codeId, t.memberId)
      .where(sql`holds = 'member'`),
  ],
);

/**
 * The SEPA direct-debit details of an order placed through /directdebit, and its SMS code
 * (only a hash of it; attempts counted).
 */
export const directDebits = pgTable('direct_debits', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  accountHolder: text('account_holder').notNull(),
  iban: text('iban').notNull(),
  street: text('street').notNull(),
  houseNumber: text('house_number').notNull(),
  zip: text('zip').notNull(),
  city: text('city').notNull(),
  phone: text('phone').notNull(),
  otpHash: text('otp_hash').notNull(),
  otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }).notNull(),
  otpAttempts: integer('otp_attempts').notNull().default(0),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

/** Text messages of the outbox SMS transport (no SMS provider key): kept for the dev outbox. */
export const outboxSms = pgTable(
  'outbox_sms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_sms_to_idx').on(t.to)],
);

/**
 * Payments of the built-in demo checkout (no payment provider key): the hosted page of our own
 * where the payer chooses paid, failed or cancelled, or leaves the payment open. It plays the
 * provider's side, so the app asks it for a status exactly as it asks Mollie.
 */
export const demoPayments = pgTable('demo_payments', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  method: text('method').notNull(),
  description: text('description').notNull(),
  status: text('status', { enum: ['open', 'paid', 'failed', 'canceled', 'expired'] })
    .notNull()
    .default('open'),
  /** A first payment of a recurring method leaves a mandate for repeat orders. */
  customerId: text('customer_id'),
  mandateId: text('mandate_id'),
  returnUrl: text('return_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
