import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { likes, members, photos, profiles, swipes } from '../../db/schema/index.js';
import { cardColumns, findableFor, shownMainPhoto, type CardRow } from '../directory/directory.repository.js';
import { seeksGender } from '../directory/directory.repository.js';
import type { Gender } from '../members/members.rules.js';

export type SwipeAction = (typeof swipes.$inferSelect)['action'];

export interface SwipeCardsQuery {
  memberId: number;
  gender: Gender;
  /** The genders the member seeks. */
  genders: Gender[];
  country: string;
  limit: number;
}

/**
 * Cards for the swipe game: findable members compatible both ways, not decided on yet, not liked
 * by the member, no block either way. With a photo and from the member's country first, then the
 * most recently active. The gender and status conditions run on profiles_search_idx; the swipe,
 * like and block checks are primary-key lookups.
 */
export function listSwipeCards(db: DbOrTx, q: SwipeCardsQuery): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .leftJoin(photos, shownMainPhoto())
    .where(
      and(
        findableFor(q.memberId),
        inArray(profiles.gender, q.genders),
        seeksGender(q.gender),
        sql`not exists (select 1 from ${swipes} where ${swipes.memberId} = ${q.memberId} and ${swipes.targetId} = ${members.id})`,
        sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${q.memberId} and ${likes.likedId} = ${members.id})`,
      ),
    )
    .orderBy(
      sql`(${photos.id} is null)`,
      sql`(${profiles.country} <> ${q.country})`,
      desc(profiles.lastActiveAt),
      asc(members.id),
    )
    .limit(q.limit);
}

/** The member's likes in the game on their calendar day `day` (swipes_member_day_idx). */
export async function countSwipeLikes(db: DbOrTx, memberId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(swipes)
    .where(and(eq(swipes.memberId, memberId), eq(swipes.day, day), eq(swipes.action, 'like')));
  return row?.count ?? 0;
}

export async function findSwipe(db: DbOrTx, memberId: number, targetId: number): Promise<SwipeAction | null> {
  const [row] = await db
    .select({ action: swipes.action })
    .from(swipes)
    .where(and(eq(swipes.memberId, memberId), eq(swipes.targetId, targetId)))
    .limit(1);
  return row?.action ?? null;
}

export async function insertSwipe(
  db: DbOrTx,
  swipe: { memberId: number; targetId: number; action: SwipeAction; day: string; createdAt: Date },
): Promise<void> {
  await db.insert(swipes).values(swipe);
}
