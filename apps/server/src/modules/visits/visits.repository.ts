import { and, desc, eq, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bound, prepared } from '../../db/prepared.js';
import { members, photos, profileVisits, profiles, visitorsSeen } from '../../db/schema/index.js';
import { cardColumns, findableFor, shownMainPhoto, type CardRow } from '../directory/directory.repository.js';
import type { LikesCursor } from '../likes/likes.rules.js';

/**
 * Records that `viewerId` opened `viewedId`'s profile at `at`: the pair's one row is inserted or
 * updated (last time, count + 1) by one prepared upsert on the primary key, so member.php pays
 * one statement for it.
 */
export async function upsertVisit(db: DbOrTx, visit: { viewerId: number; viewedId: number; at: Date }): Promise<void> {
  await prepared(db, 'visits_upsert', (db) =>
    db
      .insert(profileVisits)
      .values({
        viewedId: sql`${bound('viewedId')}::bigint`,
        viewerId: sql`${bound('viewerId')}::bigint`,
        lastAt: sql`${bound('at')}::timestamptz`,
        count: 1,
      })
      .onConflictDoUpdate({
        target: [profileVisits.viewedId, profileVisits.viewerId],
        // The latest of the two: a slower request that arrives late never moves the time back.
        set: {
          lastAt: sql`greatest(${profileVisits.lastAt}, excluded.last_at)`,
          count: sql`${profileVisits.count} + 1`,
        },
      }),
  ).execute({ viewedId: visit.viewedId, viewerId: visit.viewerId, at: visit.at.toISOString() });
}

/** A visitor in the list: their card, the visit's time (exact, as microseconds), count and new flag. */
export type VisitorRow = CardRow & { lastAt: Date; micros: string; count: number; isNew: boolean };

/** Microseconds since 1970 as text: exact, unlike a JavaScript Date, so paging never skips a row. */
const microsOf = (column: AnyColumn | SQL) => sql<string>`((extract(epoch from ${column}) * 1000000)::bigint)::text`;
/** The cursor's position as a time, from its bound microseconds. */
const beforeTime = sql`(timestamptz 'epoch' + ${bound('micros')}::bigint * interval '1 microsecond')`;
/** When the member in `bound('memberId')` last opened the page; never: every visit is new. */
const seenAt = sql`coalesce((select ${visitorsSeen.seenAt} from ${visitorsSeen} where ${visitorsSeen.memberId} = ${bound('memberId')}), '-infinity'::timestamptz)`;

export interface VisitorsPage {
  memberId: number;
  /** Rows after this position only. */
  before: LikesCursor | null;
  /** One more than a page, to know whether another follows. */
  limit: number;
}

/**
 * The members who visited `memberId`, newest visit first, only those the member may find
 * (findableFor: active, not invisible, not deleted, no block either way). Read backwards along
 * profile_visits_viewed_last_idx from the cursor, so a page stops after `limit` rows however
 * many visits the member has; a first page and a cursor page are one prepared statement each.
 */
export function listVisitors(db: DbOrTx, q: VisitorsPage): Promise<VisitorRow[]> {
  const after = q.before !== null;
  return prepared(db, after ? 'visitors_list_before' : 'visitors_list', (db) =>
    db
      .select({
        ...cardColumns,
        lastAt: profileVisits.lastAt,
        micros: microsOf(profileVisits.lastAt),
        count: profileVisits.count,
        isNew: sql<boolean>`(${profileVisits.lastAt} > ${seenAt})`,
      })
      .from(profileVisits)
      .innerJoin(members, eq(members.id, profileVisits.viewerId))
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .leftJoin(photos, shownMainPhoto())
      .where(
        and(
          eq(profileVisits.viewedId, bound('memberId')),
          findableFor(bound('memberId')),
          after
            ? sql`(${profileVisits.lastAt}, ${profileVisits.viewerId}) < (${beforeTime}, ${bound('beforeId')})`
            : undefined,
        ),
      )
      .orderBy(desc(profileVisits.lastAt), desc(profileVisits.viewerId))
      .limit(bound('limit')),
  ).execute({ memberId: q.memberId, micros: q.before?.micros, beforeId: q.before?.id, limit: q.limit });
}

/**
 * How many members the list would show, up to `cap` (all of them, or with `onlyNew` those who
 * came since the page was last opened): a badge shows no more. Read in the list's own order,
 * newest first along profile_visits_viewed_last_idx, so the scan stops after `cap` findable
 * visitors: a member with 100,000 visits costs no more than one with `cap`. Without the order
 * a generic plan may start from the members and probe each one's visit.
 */
export async function countVisitors(db: DbOrTx, memberId: number, cap: number, onlyNew: boolean): Promise<number> {
  const [row] = await prepared(db, onlyNew ? 'visitors_count_new' : 'visitors_count', (db) => {
    const shown = db
      .select({ one: sql<number>`1`.as('one') })
      .from(profileVisits)
      .innerJoin(members, eq(members.id, profileVisits.viewerId))
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .where(
        and(
          eq(profileVisits.viewedId, bound('memberId')),
          onlyNew ? sql`${profileVisits.lastAt} > ${seenAt}` : undefined,
          findableFor(bound('memberId')),
        ),
      )
      .orderBy(desc(profileVisits.lastAt), desc(profileVisits.viewerId))
      .limit(bound('cap'))
      .as('shown');
    return db.select({ count: sql<number>`count(*)::int` }).from(shown);
  }).execute({ memberId, cap });
  return row?.count ?? 0;
}

/** A visit as the console lists it: the other member, their profile's name, the pair's last time and count. */
export interface StaffVisitRow {
  memberId: number;
  name: string | null;
  lastAt: Date;
  count: number;
}

/**
 * The console's view of a member's visits, either way: `visitors` (who opened the member's
 * profile, along profile_visits_viewed_last_idx) or `visited` (whose profiles the member opened,
 * along profile_visits_viewer_last_idx), the latest `limit` newest first. Staff see every visit,
 * whoever may find whom.
 */
export function listStaffVisits(
  db: DbOrTx,
  memberId: number,
  direction: 'visitors' | 'visited',
  limit: number,
): Promise<StaffVisitRow[]> {
  const [own, other] =
    direction === 'visitors'
      ? [profileVisits.viewedId, profileVisits.viewerId]
      : [profileVisits.viewerId, profileVisits.viewedId];
  return prepared(db, `staff_${direction}_list`, (db) =>
    db
      .select({ memberId: other, name: profiles.name, lastAt: profileVisits.lastAt, count: profileVisits.count })
      .from(profileVisits)
      .leftJoin(profiles, eq(profiles.memberId, other))
      .where(eq(own, bound('memberId')))
      .orderBy(desc(profileVisits.lastAt), desc(other))
      .limit(bound('limit')),
  ).execute({ memberId, limit });
}

/** How many visits the member has either way: one index range (viewed_last or viewer_last). */
export async function countStaffVisits(
  db: DbOrTx,
  memberId: number,
  direction: 'visitors' | 'visited',
): Promise<number> {
  const own = direction === 'visitors' ? profileVisits.viewedId : profileVisits.viewerId;
  const [row] = await prepared(db, `staff_${direction}_count`, (db) =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(profileVisits)
      .where(eq(own, bound('memberId'))),
  ).execute({ memberId });
  return row?.count ?? 0;
}

/** The member opened their visitors page at `at`: visits until then are no longer new. */
export async function markVisitorsSeen(db: DbOrTx, memberId: number, at: Date): Promise<void> {
  await prepared(db, 'visitors_mark_seen', (db) =>
    db
      .insert(visitorsSeen)
      .values({ memberId: sql`${bound('memberId')}::bigint`, seenAt: sql`${bound('at')}::timestamptz` })
      .onConflictDoUpdate({
        target: visitorsSeen.memberId,
        set: { seenAt: sql`greatest(${visitorsSeen.seenAt}, excluded.seen_at)` },
      }),
  ).execute({ memberId, at: at.toISOString() });
}

/**
 * Deletes up to `batch` visits whose pair was last seen before `before` (along
 * profile_visits_last_idx); answers how many went, so the caller repeats until fewer than a batch.
 */
export async function deleteVisitsBefore(db: DbOrTx, before: Date, batch: number): Promise<number> {
  const old = db
    .select({ viewedId: profileVisits.viewedId, viewerId: profileVisits.viewerId })
    .from(profileVisits)
    .where(lt(profileVisits.lastAt, before))
    .limit(batch);
  const rows = await db
    .delete(profileVisits)
    .where(sql`(${profileVisits.viewedId}, ${profileVisits.viewerId}) in (${old})`)
    .returning({ viewedId: profileVisits.viewedId });
  return rows.length;
}
