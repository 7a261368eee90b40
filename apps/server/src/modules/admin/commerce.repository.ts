import { and, asc, desc, eq, inArray, isNotNull, isNull, like, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  bundlePrices,
  companies,
  creditBundles,
  creditLedger,
  discountCodeUses,
  discountCodes,
  gifts,
  members,
  orders,
  profiles,
  siteSettings,
} from '../../db/schema/index.js';
import type { CompanyRow } from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type BundleRow = typeof creditBundles.$inferSelect;
export type GiftRow = typeof gifts.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** An order with the member it belongs to. */
export interface OrderListRow {
  order: OrderRow;
  email: string;
  name: string | null;
}

export interface OrderFilter {
  status?: OrderRow['status'] | 'refunded' | undefined;
  provider?: string | undefined;
  memberId?: number | undefined;
  before?: number | undefined;
}

const orderWithMember = { order: orders, email: members.email, name: profiles.name };

/** Orders newest first (by id), filtered, at most `limit`. */
export function listOrders(db: DbOrTx, filter: OrderFilter, limit: number): Promise<OrderListRow[]> {
  const where: SQL[] = [];
  if (filter.status === 'refunded') where.push(isNotNull(orders.refundedAt));
  else if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.provider) where.push(eq(orders.provider, filter.provider));
  if (filter.memberId) where.push(eq(orders.memberId, filter.memberId));
  if (filter.before) where.push(lt(orders.id, filter.before));
  return db
    .select(orderWithMember)
    .from(orders)
    .innerJoin(members, eq(members.id, orders.memberId))
    .leftJoin(profiles, eq(profiles.memberId, orders.memberId))
    .where(and(...where))
    .orderBy(desc(orders.id))
    .limit(limit);
}

/** One order with its member, and the credits its refund took back (null before a refund). */
export async function findOrderDetail(
  db: DbOrTx,
  orderId: number,
): Promise<(OrderListRow & { takenBack: number | null }) | null> {
  const [row] = await db
    .select(orderWithMember)
    .from(orders)
    .innerJoin(members, eq(members.id, orders.memberId))
    .leftJoin(profiles, eq(profiles.memberId, orders.memberId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const [refund] = await db
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(and(eq(creditLedger.orderId, orderId), eq(creditLedger.reason, 'refund')))
    .limit(1);
  return { ...row, takenBack: refund ? -refund.delta : null };
}

/**
 * Claims the refund of a completed order: only the one update that finds it completed and not
 * refunded sets refunded_at, so a double click (or two staff members) refunds once.
 */
export async function claimRefund(db: DbOrTx, orderId: number, at: Date): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ refundedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'completed'), isNull(orders.refundedAt)))
    .returning();
  return row ?? null;
}

/** Gives a claim back after the provider refused: only this claim, and only without a refund id. */
export async function releaseRefund(db: DbOrTx, orderId: number, claimedAt: Date): Promise<void> {
  await db
    .update(orders)
    .set({ refundedAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.refundedAt, claimedAt), isNull(orders.refundId)));
}

export async function setRefundId(db: DbOrTx, orderId: number, refundId: string): Promise<void> {
  await db.update(orders).set({ refundId }).where(eq(orders.id, orderId));
}

// Credit bundles

export interface BundleWithPrices {
  bundle: BundleRow;
  prices: Record<string, number>;
}

/** Every bundle, sold or withdrawn, in display order, with its prices. */
export async function listBundles(db: DbOrTx, ids?: number[]): Promise<BundleWithPrices[]> {
  const rows = await db
    .select()
    .from(creditBundles)
    .where(ids ? inArray(creditBundles.id, ids) : undefined)
    .orderBy(asc(creditBundles.position), asc(creditBundles.id));
  if (rows.length === 0) return [];
  const prices = await db
    .select()
    .from(bundlePrices)
    .where(
      inArray(
        bundlePrices.bundleId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((bundle) => ({
    bundle,
    prices: Object.fromEntries(prices.filter((p) => p.bundleId === bundle.id).map((p) => [p.currency, p.amount])),
  }));
}

export type BundleValues = Pick<BundleRow, 'tier' | 'credits' | 'popular' | 'position' | 'active'>;

/** Inserts a bundle (id null) or replaces one; its prices are replaced as a whole. Null: no such bundle. */
export async function saveBundle(
  db: DbOrTx,
  id: number | null,
  values: BundleValues,
  prices: Record<string, number>,
): Promise<number | null> {
  const [row] =
    id === null
      ? await db.insert(creditBundles).values(values).returning({ id: creditBundles.id })
      : await db.update(creditBundles).set(values).where(eq(creditBundles.id, id)).returning({ id: creditBundles.id });
  if (!row) return null;
  if (values.popular) {
    await db
      .update(creditBundles)
      .set({ popular: false })
      .where(and(ne(creditBundles.id, row.id), eq(creditBundles.popular, true)));
  }
  await db.delete(bundlePrices).where(eq(bundlePrices.bundleId, row.id));
  await db
    .insert(bundlePrices)
    .values(Object.entries(prices).map(([currency, amount]) => ({ bundleId: row.id, currency, amount })));
  return row.id;
}

// Gifts

export function listGifts(db: DbOrTx): Promise<GiftRow[]> {
  return db.select().from(gifts).orderBy(asc(gifts.position), asc(gifts.key));
}

export async function findGift(db: DbOrTx, key: string): Promise<GiftRow | null> {
  const [row] = await db.select().from(gifts).where(eq(gifts.key, key)).limit(1);
  return row ?? null;
}

/** Null when the key is taken. */
export async function insertGift(db: DbOrTx, values: Omit<GiftRow, 'createdAt'>): Promise<GiftRow | null> {
  const [row] = await db.insert(gifts).values(values).onConflictDoNothing({ target: gifts.key }).returning();
  return row ?? null;
}

export async function updateGift(
  db: DbOrTx,
  key: string,
  values: Omit<GiftRow, 'key' | 'createdAt'>,
): Promise<GiftRow | null> {
  const [row] = await db.update(gifts).set(values).where(eq(gifts.key, key)).returning();
  return row ?? null;
}

// Discount codes

export interface DiscountCodeListRow {
  code: DiscountCodeRow;
  uses: number;
  lastUsedAt: Date | null;
}

/** Codes newest first, with their uses; `q` matches the start of the code. */
export async function listDiscountCodes(
  db: DbOrTx,
  filter: { q: string; source?: DiscountCodeRow['source'] | undefined; before?: number | undefined; id?: number },
  limit: number,
): Promise<DiscountCodeListRow[]> {
  const where: SQL[] = [];
  if (filter.q)
    where.push(like(sql`upper(${discountCodes.code})`, `${filter.q.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.source) where.push(eq(discountCodes.source, filter.source));
  if (filter.before) where.push(lt(discountCodes.id, filter.before));
  if (filter.id) where.push(eq(discountCodes.id, filter.id));
  const uses = db
    .select({
      codeId: discountCodeUses.codeId,
      // Paid uses only: a pending order's claim is not a use yet, and may be given back.
      uses: sql<number>`count(${discountCodeUses.usedAt})::int`.as('uses'),
      lastUsedAt: sql<Date>`max(${discountCodeUses.usedAt})`.as('last_used_at'),
    })
    .from(discountCodeUses)
    .groupBy(discountCodeUses.codeId)
    .as('uses');
  const rows = await db
    .select({ code: discountCodes, uses: uses.uses, lastUsedAt: uses.lastUsedAt })
    .from(discountCodes)
    .leftJoin(uses, eq(uses.codeId, discountCodes.id))
    .where(and(...where))
    .orderBy(desc(discountCodes.id))
    .limit(limit);
  return rows.map((r) => ({
    code: r.code,
    uses: r.uses ?? 0,
    // An aggregate comes back as text from some drivers: make it a Date either way.
    lastUsedAt: r.lastUsedAt ? new Date(r.lastUsedAt) : null,
  }));
}

/** Null when the code is taken (the unique index is on upper(code)). */
export async function insertDiscountCode(
  db: DbOrTx,
  values: typeof discountCodes.$inferInsert,
): Promise<DiscountCodeRow | null> {
  const [row] = await db.insert(discountCodes).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findDiscountCodeById(db: DbOrTx, id: number): Promise<DiscountCodeRow | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
  return row ?? null;
}

/** Inactive from now on, ending at `expiresAt`. */
export async function expireDiscountCode(db: DbOrTx, id: number, expiresAt: Date): Promise<void> {
  await db.update(discountCodes).set({ status: 'inactive', expiresAt }).where(eq(discountCodes.id, id));
}

// Companies

export async function listCompanies(db: DbOrTx): Promise<Array<{ company: CompanyRow; domains: string[] }>> {
  const [rows, sites] = await Promise.all([
    db.select().from(companies).orderBy(asc(companies.id)),
    db
      .select({ companyId: siteSettings.companyId, domain: siteSettings.domain })
      .from(siteSettings)
      .orderBy(asc(siteSettings.domain)),
  ]);
  return rows.map((company) => ({
    company,
    domains: sites.filter((s) => s.companyId === company.id).map((s) => s.domain),
  }));
}

export async function updateCompany(
  db: DbOrTx,
  id: number,
  values: Omit<CompanyRow, 'id' | 'added'>,
): Promise<CompanyRow | null> {
  const [row] = await db.update(companies).set(values).where(eq(companies.id, id)).returning();
  return row ?? null;
}
