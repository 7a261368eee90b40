import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { discountCodeUses, discountCodes, members, profiles } from '../../db/schema/index.js';
import type { ClaimHolds, DiscountCodeRow, DiscountUses } from './discounts.rules.js';

/** The code whatever its case (the unique index is on upper(code)). */
export async function findDiscountCode(db: DbOrTx, code: string): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = ${code.toUpperCase()}`)
    .limit(1);
  return row ?? null;
}

/** A code's validity by id; null when the code is gone. */
export async function findValidity(db: DbOrTx, codeId: number): Promise<DiscountCodeRow['validity'] | null> {
  const [row] = await db
    .select({ validity: discountCodes.validity })
    .from(discountCodes)
    .where(eq(discountCodes.id, codeId))
    .limit(1);
  return row?.validity ?? null;
}

/**
 * How often a code is in use, in all and by one member: its uses by paid orders and those held
 * by pending ones (an order that failed gave its use back).
 */
export async function countUses(db: DbOrTx, codeId: number, memberId: number): Promise<DiscountUses> {
  const [row] = await db
    .select({
      total: count(),
      mine: sql<number>`count(*) filter (where ${discountCodeUses.memberId} = ${memberId})`.mapWith(Number),
    })
    .from(discountCodeUses)
    .where(eq(discountCodeUses.codeId, codeId));
  return { total: row?.total ?? 0, mine: row?.mine ?? 0 };
}

/**
 * Claims a code's use for an order, in the order's transaction. Answers false, writing nothing,
 * when a live use already holds what this one would (the partial unique indexes on `holds`
 * decide, so of claims made at the same moment one alone is written).
 */
export async function insertUse(
  db: DbOrTx,
  use: { codeId: number; memberId: number; orderId: number; holds: ClaimHolds; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(discountCodeUses)
    .values(use)
    .onConflictDoNothing()
    .returning({ id: discountCodeUses.id });
  return rows.length > 0;
}

/** What the code rules need of a member: paid, signup date and profile country. */
export async function findStanding(
  db: DbOrTx,
  memberId: number,
): Promise<{ paid: boolean; signupDate: Date; country: string | null } | null> {
  const [row] = await db
    .select({ paid: members.paidUser, signupDate: members.signupDate, country: profiles.country })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId))
    .limit(1);
  return row ?? null;
}

/** Deletes the unpaid claims of these members: what an erased account still held gives way. */
export async function deleteUnpaidUses(db: DbOrTx, memberIds: number[]): Promise<void> {
  if (memberIds.length === 0) return;
  await db
    .delete(discountCodeUses)
    .where(and(inArray(discountCodeUses.memberId, memberIds), isNull(discountCodeUses.usedAt)));
}
