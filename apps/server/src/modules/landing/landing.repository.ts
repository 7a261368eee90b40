import { and, eq, gte, inArray, isNotNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { members, photos, profiles } from '../../db/schema/index.js';
import { cardsFrom, findableFor, type CardRow } from '../directory/directory.repository.js';
import type { NichePool } from './landing.rules.js';

/** The pool's conditions, on top of the rules every list of members shares. */
function inPool(pool: NichePool, countries: string[]): SQL {
  return and(
    findableFor(null),
    inArray(profiles.country, countries),
    pool.genders ? inArray(profiles.gender, pool.genders) : undefined,
    pool.sexualities ? inArray(profiles.sexuality, pool.sexualities) : undefined,
    pool.bodyTypes ? inArray(profiles.bodyType, pool.bodyTypes) : undefined,
    pool.born ? gte(profiles.birthDate, pool.born.from) : undefined,
    pool.born ? lte(profiles.birthDate, pool.born.to) : undefined,
  )!;
}

/**
 * The pool's most recently active members with a main photo (online ones lead), in the order of
 * profiles_browse_idx, leaving out `excludeIds`.
 */
export function poolMembers(
  db: DbOrTx,
  pool: NichePool,
  countries: string[],
  excludeIds: number[],
  limit: number,
): Promise<CardRow[]> {
  return cardsFrom(db)
    .where(
      and(
        inPool(pool, countries),
        isNotNull(photos.thumbFilename),
        excludeIds.length === 0 ? undefined : notInArray(members.id, excludeIds),
      ),
    )
    .orderBy(sql`${profiles.lastActiveAt} desc`, sql`${profiles.memberId} desc`)
    .limit(limit);
}

/** How many of the pool are members, online since `onlineSince`, and joined since `joinedSince`. */
export async function poolCounts(
  db: DbOrTx,
  pool: NichePool,
  countries: string[],
  onlineSince: Date,
  joinedSince: Date,
): Promise<{ members: number; online: number; today: number }> {
  const [row] = await db
    .select({
      members: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${profiles.lastActiveAt} >= ${onlineSince.toISOString()}))::int`,
      today: sql<number>`(count(*) filter (where ${members.signupDate} >= ${joinedSince.toISOString()}))::int`,
    })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .where(inPool(pool, countries));
  return row ?? { members: 0, online: 0, today: 0 };
}
