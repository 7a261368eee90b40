import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { directDebits, members, orders } from '../../db/schema/index.js';

export type NewDirectDebit = typeof directDebits.$inferInsert;

/** The SMS code's state of a direct-debit order, with the order's status. */
export interface PendingCode {
  orderId: number;
  status: (typeof orders.$inferSelect)['status'];
  otpHash: string;
  otpExpiresAt: Date;
  otpAttempts: number;
}

/**
 * Locks the member's row until the transaction ends and answers whether direct debit is blocked.
 * Confirmations of one member queue on it, so attempts and the monthly limit are counted one at
 * a time.
 */
export async function lockMemberDirectDebit(db: DbOrTx, memberId: number): Promise<{ blocked: boolean } | null> {
  const [row] = await db
    .select({ blockedAt: members.directDebitBlockedAt })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  return row ? { blocked: row.blockedAt !== null } : null;
}

/** Whether the member's direct debit is blocked (too many wrong codes). */
export async function isDirectDebitBlocked(db: DbOrTx, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ blockedAt: members.directDebitBlockedAt })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row?.blockedAt != null;
}

/** Direct-debit orders of the member completed since `since`. */
export async function countCompletedDirectDebits(db: DbOrTx, memberId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.memberId, memberId),
        eq(orders.provider, 'directdebit'),
        eq(orders.status, 'completed'),
        gte(orders.completedAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function insertDirectDebit(db: DbOrTx, values: NewDirectDebit): Promise<void> {
  await db.insert(directDebits).values(values);
}

/** The code of one of the member's direct-debit orders; null for another member's or an unknown one. */
export async function findPendingCode(db: DbOrTx, memberId: number, orderId: number): Promise<PendingCode | null> {
  const [row] = await db
    .select({
      orderId: directDebits.orderId,
      status: orders.status,
      otpHash: directDebits.otpHash,
      otpExpiresAt: directDebits.otpExpiresAt,
      otpAttempts: directDebits.otpAttempts,
    })
    .from(directDebits)
    .innerJoin(orders, eq(orders.id, directDebits.orderId))
    .where(and(eq(directDebits.orderId, orderId), eq(orders.memberId, memberId)))
    .limit(1);
  return row ?? null;
}

/** Stores the number of wrong codes entered so far. */
export async function recordWrongCode(db: DbOrTx, orderId: number, attempts: number): Promise<void> {
  await db.update(directDebits).set({ otpAttempts: attempts }).where(eq(directDebits.orderId, orderId));
}

export async function markConfirmed(db: DbOrTx, orderId: number, at: Date): Promise<void> {
  await db.update(directDebits).set({ confirmedAt: at }).where(eq(directDebits.orderId, orderId));
}

/** No more direct debit for the member (too many wrong codes). */
export async function blockDirectDebit(db: DbOrTx, memberId: number, at: Date): Promise<void> {
  await db.update(members).set({ directDebitBlockedAt: at }).where(eq(members.id, memberId));
}

/** Ids of pending direct-debit orders whose code expired at or before `at`, oldest first. */
export async function listExpiredPendingOrders(db: DbOrTx, at: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(directDebits, eq(directDebits.orderId, orders.id))
    .where(and(eq(orders.provider, 'directdebit'), eq(orders.status, 'pending'), lte(directDebits.otpExpiresAt, at)))
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
