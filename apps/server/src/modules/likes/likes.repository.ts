import {
  aliasedTable,
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bound, prepared } from '../../db/prepared.js';
import { likes, members, photos, profiles } from '../../db/schema/index.js';
import {
  cardColumns,
  findableFor,
  seeksGender,
  shownMainPhoto,
  type CardRow,
} from '../directory/directory.repository.js';
import type { Gender } from '../members/members.rules.js';
import type { LikesCursor } from './likes.rules.js';

export type LikeSource = (typeof likes.$inferSelect)['source'];

/**
 * Locks both members' rows, lowest id first, until the transaction ends. Every like and swipe
 * takes this lock, so two likes of one pair cannot both miss the match, and one member's swipe
 * likes queue for the daily limit. The fixed order keeps concurrent pairs free of deadlocks.
 */
export async function lockPair(tx: DbOrTx, a: number, b: number): Promise<void> {
  await tx
    .select({ id: members.id })
    .from(members)
    .where(inArray(members.id, [a, b]))
    .orderBy(members.id)
    .for('update');
}

/** Adds a like; true when it is new (liking twice keeps the first). */
export async function insertLike(
  tx: DbOrTx,
  like: { likerId: number; likedId: number; source: LikeSource; createdAt: Date },
): Promise<boolean> {
  const rows = await tx.insert(likes).values(like).onConflictDoNothing().returning({ likerId: likes.likerId });
  return rows.length > 0;
}

/**
 * Removes a like; the like back, if any, is no longer a match. Inside the caller's transaction,
 * which holds lockPair of the two.
 */
export async function deleteLike(tx: DbOrTx, likerId: number, likedId: number): Promise<void> {
  await tx.delete(likes).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
  await tx
    .update(likes)
    .set({ matchedAt: null })
    .where(and(eq(likes.likerId, likedId), eq(likes.likedId, likerId)));
}

/** Marks both likes of a pair as a match from `at` (the moment of the like back). */
export async function markMatched(tx: DbOrTx, a: number, b: number, at: Date): Promise<void> {
  await tx
    .update(likes)
    .set({ matchedAt: at })
    .where(
      and(
        isNull(likes.matchedAt),
        or(and(eq(likes.likerId, a), eq(likes.likedId, b)), and(eq(likes.likerId, b), eq(likes.likedId, a))),
      ),
    );
}

export async function hasLike(db: DbOrTx, likerId: number, likedId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)))
    .limit(1);
  return row !== undefined;
}

/** The like `likedId` received from `likerId` counts as seen from `at` (no longer like_new). */
export async function markLikeSeen(db: DbOrTx, likerId: number, likedId: number, at: Date): Promise<boolean> {
  const seen = await prepared(db, 'likes_mark_seen', (db) =>
    db
      .update(likes)
      .set({ seenAt: sql`${bound('at')}::timestamptz` })
      .where(and(eq(likes.likerId, bound('likerId')), eq(likes.likedId, bound('likedId')), isNull(likes.seenAt)))
      .returning({ likerId: likes.likerId }),
  ).execute({ likerId, likedId, at: at.toISOString() });
  return seen.length > 0;
}

/** A like in a list: the other member's card, the new flag, the match flag and the list position. */
export type LikeRow = CardRow & { likeNew: boolean; match: boolean; micros: string };

/** Microseconds since 1970 as text: exact, unlike a JavaScript Date, so paging never skips a like. */
const microsOf = (column: AnyColumn | SQL) => sql<string>`((extract(epoch from ${column}) * 1000000)::bigint)::text`;
/** The cursor's position as a time, from its bound microseconds. */
const beforeTime = sql`(timestamptz 'epoch' + ${bound('micros')}::bigint * interval '1 microsecond')`;

const reverse = aliasedTable(likes, 'reverse');

/**
 * Likes with the other member's card (the member in `otherColumn`), the new flag, whether the
 * other liked back, and the list position.
 */
function likesWithCards(db: DbOrTx, otherColumn: AnyColumn) {
  return db
    .select({
      ...cardColumns,
      likeNew: sql<boolean>`(${likes.seenAt} is null)`,
      // The like back, by primary key per listed row. A subquery, not a join: a join's
      // condition would tell the planner the like back's other member is the viewer, and a
      // generic plan would then read all of the viewer's likes for every row.
      match: sql<boolean>`exists (select 1 from ${likes} back where back.liker_id = ${likes.likedId} and back.liked_id = ${likes.likerId})`,
      micros: microsOf(likes.createdAt),
    })
    .from(likes)
    .innerJoin(members, eq(members.id, otherColumn))
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .leftJoin(photos, shownMainPhoto());
}

export interface ListPage {
  memberId: number;
  /** Rows after this position only. */
  before: LikesCursor | null;
  /** Rows asked for: one more than a page, to know whether another page follows. */
  limit: number;
}

/** The values of a list's statement; a first page binds no cursor. */
const pageValues = (q: ListPage) => ({
  memberId: q.memberId,
  micros: q.before?.micros,
  beforeId: q.before?.id,
  limit: q.limit,
});

/**
 * A given or received list: the member's likes on one side (`ownColumn`) with the other side's
 * cards, newest first, findable and with no block either way; a first page and a cursor page
 * are one prepared statement each. The likes indexes end in the other member's id, so the
 * order (time, then id) is the index order and a cursor page stops after `limit` rows in a
 * generic plan too; with the time alone a generic plan sorted every like past the cursor
 * (seconds for a member with 5,000 likes).
 */
function likesList(
  db: DbOrTx,
  q: ListPage,
  name: string,
  ownColumn: AnyColumn,
  otherColumn: AnyColumn,
): Promise<LikeRow[]> {
  const after = q.before !== null;
  const build = (db: DbOrTx) =>
    likesWithCards(db, otherColumn)
      .where(
        and(
          eq(ownColumn, bound('memberId')),
          findableFor(bound('memberId')),
          after ? sql`(${likes.createdAt}, ${otherColumn}) < (${beforeTime}, ${bound('beforeId')})` : undefined,
        ),
      )
      .orderBy(desc(likes.createdAt), desc(otherColumn))
      .limit(bound('limit'));
  return prepared(db, after ? `${name}_before` : name, build).execute(pageValues(q));
}

/**
 * Members `memberId` liked, newest like first, findable and with no block either way. Runs on
 * likes_liker_created_idx: the page is read in index order and stops after `limit` rows.
 */
export function listGiven(db: DbOrTx, q: ListPage): Promise<LikeRow[]> {
  return likesList(db, q, 'likes_given', likes.likerId, likes.likedId);
}

/** Members who liked `memberId`, newest first (likes_liked_created_idx), same exclusions. */
export function listReceived(db: DbOrTx, q: ListPage): Promise<LikeRow[]> {
  return likesList(db, q, 'likes_received', likes.likedId, likes.likerId);
}

/**
 * Mutual likes of `memberId`, newest match first. Runs on likes_matches_idx: one index range of
 * the member's own likes that are matches, read in order and stopped after `limit` rows, however
 * many likes the member has. like_new is the flag of the like the member received back.
 */
export function listMatches(db: DbOrTx, q: ListPage): Promise<LikeRow[]> {
  const after = q.before !== null;
  return prepared(db, after ? 'likes_matches_before' : 'likes_matches', (db) =>
    db
      .select({
        ...cardColumns,
        likeNew: sql<boolean>`(${reverse.seenAt} is null)`,
        match: sql<boolean>`true`,
        micros: microsOf(likes.matchedAt),
      })
      .from(likes)
      .innerJoin(reverse, and(eq(reverse.likerId, likes.likedId), eq(reverse.likedId, likes.likerId)))
      .innerJoin(members, eq(members.id, likes.likedId))
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .leftJoin(photos, shownMainPhoto())
      .where(
        and(
          eq(likes.likerId, bound('memberId')),
          isNotNull(likes.matchedAt),
          findableFor(bound('memberId')),
          after ? sql`(${likes.matchedAt}, ${likes.likedId}) < (${beforeTime}, ${bound('beforeId')})` : undefined,
        ),
      )
      .orderBy(desc(likes.matchedAt), desc(likes.likedId))
      .limit(bound('limit')),
  ).execute(pageValues(q));
}

/**
 * Received likes not yet seen, from members the list would show (the new-likes badge), counted
 * up to `cap`: the badge shows no more, and a member with thousands of likes costs no more.
 */
export async function countNewLikes(db: DbOrTx, memberId: number, cap: number): Promise<number> {
  const [row] = await prepared(db, 'likes_new_count', (db) => {
    const unseen = db
      .select({ one: sql<number>`1`.as('one') })
      .from(likes)
      .innerJoin(members, eq(members.id, likes.likerId))
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .where(and(eq(likes.likedId, bound('memberId')), isNull(likes.seenAt), findableFor(bound('memberId'))))
      .limit(bound('cap'))
      .as('unseen');
    return db.select({ count: sql<number>`count(*)::int` }).from(unseen);
  }).execute({ memberId, cap });
  return row?.count ?? 0;
}

/** Whether `memberId` received any like at or after `since` (auto-like waits for a quiet day). */
export async function receivedLikeSince(db: DbOrTx, memberId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(likes)
    .where(and(eq(likes.likedId, memberId), gte(likes.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

/** The latest auto-like `memberId` received: its liker and time. */
export async function latestAutoLike(
  db: DbOrTx,
  memberId: number,
): Promise<{ likerId: number; createdAt: Date } | null> {
  const [row] = await db
    .select({ likerId: likes.likerId, createdAt: likes.createdAt })
    .from(likes)
    .where(and(eq(likes.likedId, memberId), eq(likes.source, 'auto')))
    .orderBy(desc(likes.createdAt))
    .limit(1);
  return row ?? null;
}

export interface AutoLikerQuery {
  memberId: number;
  gender: Gender;
  /** The genders the member seeks. */
  genders: Gender[];
  country: string;
}

/**
 * A fictional profile to like the member: findable, with a main photo, compatible both ways, no
 * block either way, not one that liked the member already; from the member's country first,
 * else any, at random so members do not all get the same one.
 */
export async function findAutoLiker(db: DbOrTx, q: AutoLikerQuery): Promise<CardRow | null> {
  const [row] = await db
    .select(cardColumns)
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .innerJoin(photos, shownMainPhoto())
    .where(
      and(
        eq(members.fictional, true),
        findableFor(q.memberId),
        inArray(profiles.gender, q.genders),
        seeksGender(q.gender),
        sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${members.id} and ${likes.likedId} = ${q.memberId})`,
      ),
    )
    .orderBy(sql`(${profiles.country} <> ${q.country})`, sql`random()`)
    .limit(1);
  return row ?? null;
}
