import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  bundlePrices,
  creditBundles,
  creditLedger,
  discountCodeUses,
  members,
  orders,
  profiles,
} from '../../db/schema/index.js';
import { grantCredits } from '../credits/credits.repository.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type LedgerRow = typeof creditLedger.$inferSelect;

/** A bundle on sale with its price in one currency. */
export interface PricedBundle {
  id: number;
  tier: (typeof creditBundles.$inferSelect)['tier'];
  credits: number;
  popular: boolean;
  /** Cents of the currency asked for. */
  price: number;
}

/** What placing an order needs to know of the member. */
export interface Buyer {
  paidUser: boolean;
  email: string;
  language: string;
  name: string;
  country: string;
}

/** The member placing an order, with the profile's country and name; null when deleted or unknown. */
export async function findBuyer(db: DbOrTx, memberId: number): Promise<Buyer | null> {
  const [row] = await db
    .select({
      paidUser: members.paidUser,
      email: members.email,
      language: members.language,
      name: profiles.name,
      country: profiles.country,
    })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Stores a new order (pending unless told otherwise) and answers it. */
export async function insertOrder(db: DbOrTx, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

/**
 * Completes a pending order, exactly once: only the update that finds it still 'pending' moves
 * it, so of any number of concurrent completions (webhook deliveries, an SMS code entered twice)
 * one alone goes on to add the credits with a 'purchase' ledger row, make the member paid and
 * mark the discount use the order holds as used, all in the caller's transaction. The provider's customer and mandate
 * are kept for repeat orders. Answers the member's new balance, or null when the order was not
 * pending (already completed, failed or cancelled; unknown).
 */
export async function completeOrder(
  db: DbOrTx,
  orderId: number,
  opts: { customerId: string | null; mandateId: string | null; now: Date },
): Promise<number | null> {
  const [order] = await db
    .update(orders)
    .set({
      status: 'completed',
      completedAt: opts.now,
      providerCustomerId: sql`coalesce(${opts.customerId}, ${orders.providerCustomerId})`,
      providerMandateId: sql`coalesce(${opts.mandateId}, ${orders.providerMandateId})`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning({
      memberId: orders.memberId,
      credits: orders.credits,
    });
  if (!order) return null;
  const balance = await grantCredits(db, {
    memberId: order.memberId,
    credits: order.credits,
    reason: 'purchase',
    orderId,
    at: opts.now,
  });
  // The member row goes only with the order (cascade), so it is there while the order is.
  if (balance === null) throw new Error(`member of order ${orderId} vanished`);
  await db.update(members).set({ paidUser: true }).where(eq(members.id, order.memberId));
  // The use was claimed with the order and is kept now.
  await db.update(discountCodeUses).set({ usedAt: opts.now }).where(eq(discountCodeUses.orderId, orderId));
  return balance;
}

/**
 * Moves a pending order to 'failed' or 'cancelled' (a completed order never goes back) and, in
 * the same transaction, gives back the discount use it held, so the code may be used again.
 * Answers whether it moved.
 */
export function failOrder(
  db: DbOrTx,
  orderId: number,
  status: 'failed' | 'cancelled',
  failure: OrderRow['failure'] = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(orders)
      .set({ status, failure })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    if (rows.length === 0) return false;
    await tx.delete(discountCodeUses).where(eq(discountCodeUses.orderId, orderId));
    return true;
  });
}

/** Pending orders of a provider placed before `before`, oldest first, after the order `afterId`. */
export function listStaleOrders(
  db: DbOrTx,
  provider: string,
  before: Date,
  afterId: number,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.provider, provider),
        eq(orders.status, 'pending'),
        lt(orders.createdAt, before),
        gt(orders.id, afterId),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** Records the provider's payment of an order, which webhooks will name. */
export async function setProviderPayment(db: DbOrTx, orderId: number, paymentId: string): Promise<void> {
  await db.update(orders).set({ providerPaymentId: paymentId }).where(eq(orders.id, orderId));
}

/** An order by id. */
export async function findOrder(db: DbOrTx, orderId: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

/** One of the member's own orders; null for another member's or an unknown one. */
export async function findMemberOrder(db: DbOrTx, memberId: number, orderId: number): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.memberId, memberId)))
    .limit(1);
  return row ?? null;
}

/** The order a provider's payment belongs to (what a webhook names). */
export async function findOrderByPayment(db: DbOrTx, provider: string, paymentId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerPaymentId, paymentId)))
    .limit(1);
  return row ?? null;
}

/** The member's last completed order: what a repeat order buys again. */
export async function findLastCompletedOrder(db: DbOrTx, memberId: number): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.status, 'completed')))
    .orderBy(desc(orders.completedAt), desc(orders.id))
    .limit(1);
  return row ?? null;
}

/** The member's orders, newest first. */
export function listOrders(db: DbOrTx, memberId: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.memberId, memberId)).orderBy(desc(orders.id));
}

/** Every change of the member's balance, newest first. */
export function listLedger(db: DbOrTx, memberId: number): Promise<LedgerRow[]> {
  return db.select().from(creditLedger).where(eq(creditLedger.memberId, memberId)).orderBy(desc(creditLedger.id));
}

const pricedBundleColumns = {
  id: creditBundles.id,
  tier: creditBundles.tier,
  credits: creditBundles.credits,
  popular: creditBundles.popular,
  price: bundlePrices.amount,
};

/** The bundles on sale that have a price in `currency`, in display order. */
export function listPricedBundles(db: DbOrTx, currency: string): Promise<PricedBundle[]> {
  return db
    .select(pricedBundleColumns)
    .from(creditBundles)
    .innerJoin(bundlePrices, and(eq(bundlePrices.bundleId, creditBundles.id), eq(bundlePrices.currency, currency)))
    .where(eq(creditBundles.active, true))
    .orderBy(asc(creditBundles.position), asc(creditBundles.id));
}

/** A bundle on sale with its price in `currency`; null when withdrawn, unknown or not priced there. */
export async function findPricedBundle(db: DbOrTx, bundleId: number, currency: string): Promise<PricedBundle | null> {
  const [row] = await db
    .select(pricedBundleColumns)
    .from(creditBundles)
    .innerJoin(bundlePrices, and(eq(bundlePrices.bundleId, creditBundles.id), eq(bundlePrices.currency, currency)))
    .where(and(eq(creditBundles.id, bundleId), eq(creditBundles.active, true)))
    .limit(1);
  return row ?? null;
}
