import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { discountCodeUses, discountCodes, members, orders, profiles } from '../../db/schema/index.js';
import type { DiscountCodeRow, DiscountUses } from './discounts.rules.js';

/**
 * The code whatever its case (the unique index is on upper(code)). With `lock`, the row stays
 * locked until the caller's transaction ends, so orders placed with one code at the same time
 * are checked one after another.
 */
export async function findDiscountCode(
  db: DbOrTx,
  code: string,
  options: { lock?: boolean } = {},
): Promise<DiscountCodeRow | null> {
  const query = db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = ${code.toUpperCase()}`)
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * How often a code was used in all, and by one member. With `reservedSince`, other members'
 * pending orders placed with the code since then count as uses too: a use is recorded only when
 * an order is paid, and a paid order cannot be refused any more, so a single-use code is held by
 * the first order placed with it while its checkout can still be paid.
 */
export async function countUses(
  db: DbOrTx,
  codeId: number,
  memberId: number,
  reservedSince: Date | null = null,
): Promise<DiscountUses> {
  const [row] = await db
    .select({
      total: count(),
      mine: sql<number>`count(*) filter (where ${discountCodeUses.memberId} = ${memberId})`.mapWith(Number),
    })
    .from(discountCodeUses)
    .where(eq(discountCodeUses.codeId, codeId));
  let reserved = 0;
  if (reservedSince) {
    const [pending] = await db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.discountCodeId, codeId),
          eq(orders.status, 'pending'),
          ne(orders.memberId, memberId),
          gt(orders.createdAt, reservedSince),
        ),
      );
    reserved = pending?.n ?? 0;
  }
  return { total: (row?.total ?? 0) + reserved, mine: row?.mine ?? 0 };
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
