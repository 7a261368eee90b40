import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { discountCodeUses, discountCodes, members, profiles } from '../../db/schema/index.js';
import type { DiscountCodeRow, DiscountUses } from './discounts.rules.js';

/** The code whatever its case (the unique index is on upper(code)). */
export async function findDiscountCode(db: DbOrTx, code: string): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = ${code.toUpperCase()}`)
    .limit(1);
  return row ?? null;
}

/** How often a code was used in all, and by one member. */
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
