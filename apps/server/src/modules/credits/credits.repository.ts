import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { creditLedger, members } from '../../db/schema/index.js';

/**
 * The one writer of credit balances: every change is a guarded update of the member's balance
 * and its ledger row with the balance after it, in the caller's transaction, so a balance is
 * always the sum of its ledger. The chat's paid send is the one exception: it debits inside its
 * single send statement (chat.repository.ts), with the same guard and ledger row.
 */

/** Adds credits a member got (their signup bonus, an order's bundle); answers the new balance, null for no member. */
export async function grantCredits(
  db: DbOrTx,
  input: { memberId: number; credits: number; reason: 'signup' | 'purchase'; orderId?: number; at?: Date },
): Promise<number | null> {
  const [row] = await db
    .update(members)
    .set({ credits: sql`${members.credits} + ${input.credits}` })
    .where(eq(members.id, input.memberId))
    .returning({ credits: members.credits });
  if (!row) return null;
  await db.insert(creditLedger).values({
    memberId: input.memberId,
    delta: input.credits,
    reason: input.reason,
    orderId: input.orderId ?? null,
    balanceAfter: row.credits,
    ...(input.at ? { createdAt: input.at } : {}),
  });
  return row.credits;
}

/**
 * Takes up to `credits` back for a refunded order, never below zero (LEAST), with a 'refund'
 * row of what was actually taken. The member's row is locked from the read of the balance to
 * the ledger row. Null for no member.
 */
export async function takeBackCredits(
  db: DbOrTx,
  input: { memberId: number; credits: number; orderId: number; at: Date },
): Promise<{ taken: number; balance: number } | null> {
  const [before] = await db
    .select({ credits: members.credits })
    .from(members)
    .where(eq(members.id, input.memberId))
    .for('update');
  if (!before) return null;
  const [after] = await db
    .update(members)
    .set({ credits: sql`${members.credits} - least(${members.credits}, ${input.credits})` })
    .where(eq(members.id, input.memberId))
    .returning({ credits: members.credits });
  const balance = after!.credits;
  const taken = before.credits - balance;
  await db.insert(creditLedger).values({
    memberId: input.memberId,
    delta: -taken,
    reason: 'refund',
    orderId: input.orderId,
    balanceAfter: balance,
    createdAt: input.at,
  });
  return { taken, balance };
}

/**
 * Adds (or takes) credits by a staff decision: the guarded update never lets the balance go
 * below zero; null when it would, or for no member.
 */
export async function adjustCredits(db: DbOrTx, memberId: number, delta: number): Promise<number | null> {
  const [row] = await db
    .update(members)
    .set({ credits: sql`${members.credits} + ${delta}` })
    .where(and(eq(members.id, memberId), sql`${members.credits} + ${delta} >= 0`))
    .returning({ credits: members.credits });
  if (!row) return null;
  await db.insert(creditLedger).values({ memberId, delta, reason: 'adjustment', balanceAfter: row.credits });
  return row.credits;
}

/** A member whose balance is not the sum of their ledger rows. */
export interface LedgerMismatch {
  memberId: number;
  balance: number;
  ledgerSum: number;
}

/**
 * Every member's balance against the sum of their ledger rows, in one pass over each table: how
 * many members there are and those whose balance differs (no rows sum to 0), by id.
 */
export async function compareBalancesWithLedger(
  db: DbOrTx,
): Promise<{ checked: number; mismatches: LedgerMismatch[] }> {
  const sums = db
    .select({ memberId: creditLedger.memberId, total: sql<string>`sum(${creditLedger.delta})`.as('total') })
    .from(creditLedger)
    .groupBy(creditLedger.memberId)
    .as('sums');
  const ledgerSum = sql`coalesce(${sums.total}, 0)`;
  const [row] = await db
    .select({
      checked: sql<number>`count(*)::int`,
      mismatches: sql<LedgerMismatch[]>`coalesce(
        json_agg(json_build_object('memberId', ${members.id}, 'balance', ${members.credits}, 'ledgerSum', ${ledgerSum})
          order by ${members.id}) filter (where ${members.credits} <> ${ledgerSum}),
        '[]'::json)`,
    })
    .from(members)
    .leftJoin(sums, eq(sums.memberId, members.id));
  return row ?? { checked: 0, mismatches: [] };
}
