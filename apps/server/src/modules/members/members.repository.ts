import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bound, prepared } from '../../db/prepared.js';
import { blocks, members, photos, profileInterests, profiles } from '../../db/schema/index.js';
import type { Gender, Sexuality } from './members.rules.js';

/**
 * SQL condition "no block between `viewerId` and the member in `memberColumn`, either way", for
 * any list of members (related profiles, search, likes, chats). Both directions are primary-key
 * lookups. Use it in a WHERE: `.where(and(..., notBlockedWith(viewerId, profiles.memberId)))`; in a
 * prepared statement the viewer is a placeholder.
 */
export function notBlockedWith(viewerId: number | Placeholder, memberColumn: AnyColumn): SQL {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${memberColumn}) or (${blocks.blockerId} = ${memberColumn} and ${blocks.blockedId} = ${viewerId}))`;
}

/** Whether either member blocked the other: for contact checks (likes, chat, gifts). */
export async function isBlockedEitherWay(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const [row] = await prepared(db, 'members_blocked_either_way', (db) =>
    db
      .select({ one: sql<number>`1` })
      .from(blocks)
      .where(
        or(
          and(eq(blocks.blockerId, bound('a')), eq(blocks.blockedId, bound('b'))),
          and(eq(blocks.blockerId, bound('b')), eq(blocks.blockedId, bound('a'))),
        ),
      )
      .limit(1),
  ).execute({ a, b });
  return row !== undefined;
}

/** The columns a profile card is made of; the main photo's files are null without a photo. */
export const cardColumns = {
  id: members.id,
  fictional: members.fictional,
  invisible: members.invisible,
  name: profiles.name,
  birthDate: profiles.birthDate,
  city: profiles.city,
  regionId: profiles.regionId,
  country: profiles.country,
  lastActiveAt: profiles.lastActiveAt,
  thumbFilename: photos.thumbFilename,
  matchFilename: photos.matchFilename,
};
export type CardRow = {
  id: number;
  fictional: boolean;
  /** Invisible mode: others meeting the member anyway (their chats) see no presence. */
  invisible: boolean;
  name: string;
  birthDate: string;
  city: string | null;
  regionId: number | null;
  country: string;
  lastActiveAt: Date;
  thumbFilename: string | null;
  matchFilename: string | null;
};

/**
 * The join condition of a member's main photo as others see it: a photo waiting for review
 * before it may show (settings.photo_review 'before') is left out, so the card has no picture.
 */
export function shownMainPhoto(): SQL | undefined {
  return and(eq(photos.memberId, members.id), eq(photos.isMain, true), photoShown());
}

/** Whether a photo may show to other members: approved, or shown while it waits ('after'). */
export function photoShown(): SQL {
  return inArray(photos.review, ['approved', 'pending_live']);
}

/** Members joined with their profile and main photo, ready for cardColumns. */
export function cardsFrom(db: DbOrTx) {
  return db
    .select(cardColumns)
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .leftJoin(photos, shownMainPhoto());
}

/** A member as the profile view needs it, with the block state towards the viewer. */
export interface ViewedMemberRow {
  member: typeof members.$inferSelect;
  profile: typeof profiles.$inferSelect;
  blockedByMe: boolean;
  blockedMe: boolean;
  /** The member's interests, by id. */
  interestIds: number[];
}

const blockedBy = (blocker: Placeholder | AnyColumn, blockedOne: Placeholder | AnyColumn) =>
  sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${blocker} and ${blocks.blockedId} = ${blockedOne})`;

/**
 * A member that is not deleted, with profile, interests and blocks towards `viewerId` (none for a
 * visitor): one statement for the profile view.
 */
export async function findViewedMember(
  db: DbOrTx,
  memberId: number,
  viewerId: number | null,
): Promise<ViewedMemberRow | null> {
  const [row] = await prepared(db, 'members_viewed', (db) =>
    db
      .select({
        member: members,
        profile: profiles,
        blockedByMe: blockedBy(bound('viewerId'), members.id),
        blockedMe: blockedBy(members.id, bound('viewerId')),
        interestIds: sql<
          number[]
        >`array(select ${profileInterests.interestId} from ${profileInterests} where ${profileInterests.memberId} = ${members.id} order by 1)`,
      })
      .from(members)
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .where(and(eq(members.id, bound('memberId')), isNull(members.deletedAt)))
      .limit(1),
  ).execute({ memberId, viewerId: viewerId ?? 0 });
  return row ?? null;
}

/** A member's photos in display order (their own and others' views filter them by review). */
export function listMemberPhotos(db: DbOrTx, memberId: number): Promise<(typeof photos.$inferSelect)[]> {
  return prepared(db, 'members_photos', (db) =>
    db
      .select()
      .from(photos)
      .where(eq(photos.memberId, bound('memberId')))
      .orderBy(asc(photos.position), asc(photos.id)),
  ).execute({ memberId });
}

/** What lists of others need of the logged-in viewer: whom they seek, where, and membership. */
export interface ViewerRow {
  gender: Gender;
  sexuality: Sexuality;
  country: string;
  paidUser: boolean;
}

/** The viewer's own side for searches and profile views; null once the account is deleted. */
export async function findViewer(db: DbOrTx, viewerId: number): Promise<ViewerRow | null> {
  const [row] = await prepared(db, 'members_viewer', (db) =>
    db
      .select({
        gender: profiles.gender,
        sexuality: profiles.sexuality,
        country: profiles.country,
        paidUser: members.paidUser,
      })
      .from(members)
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .where(and(eq(members.id, bound('viewerId')), isNull(members.deletedAt)))
      .limit(1),
  ).execute({ viewerId });
  return row ?? null;
}

/** Whether the member can be found by others: not deleted, active profile, not invisible. */
export async function isFindableMember(db: DbOrTx, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(
      and(
        eq(members.id, memberId),
        isNull(members.deletedAt),
        eq(members.invisible, false),
        eq(profiles.status, 'active'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface RelatedQuery {
  /** The logged-in viewer, whose blocks apply; null for a visitor. */
  viewerId: number | null;
  /** Never listed: the viewer and the viewed member. */
  excludeIds: number[];
  country: string;
  genders: Gender[];
  /** Birth-date range (inclusive, 'YYYY-MM-DD') and the date closeness is measured from. */
  bornFrom: string;
  bornTo: string;
  birthDate: string;
  /** Counts as recently active from here on. */
  activeSince: Date;
  limit: number;
}

/**
 * How many of the most recently active similar members the related profiles are chosen from:
 * enough to fill the list with photos first in practice, few enough that a country of a
 * million members costs one short index range.
 */
const RELATED_POOL = 200;

/**
 * Members like the viewed one for the viewer: same country, the sought genders, an age window,
 * active, visible and not deleted, no block with the viewer. Chosen among the RELATED_POOL most
 * recently active of them, read in profiles_browse_idx order (country, last activity), with
 * gender and age checked inside the index and the member checks by primary key, so the cost
 * does not grow with the country; best first: with a photo, recently active, closest in age.
 */
export function listRelated(db: DbOrTx, q: RelatedQuery): Promise<CardRow[]> {
  const visitor = q.viewerId === null;
  return prepared(db, visitor ? 'members_related_visitor' : 'members_related', (db) => {
    const pool = db
      .select({ id: profiles.memberId })
      .from(profiles)
      .innerJoin(members, eq(members.id, profiles.memberId))
      .where(
        and(
          sql`${profiles.status} = 'active'`,
          eq(profiles.country, bound('country')),
          sql`${profiles.gender} = any(${bound('genders')}::text[])`,
          gte(profiles.birthDate, bound('bornFrom')),
          lte(profiles.birthDate, bound('bornTo')),
          isNull(members.deletedAt),
          sql`${members.invisible} = false`,
          sql`${members.id} <> all(${bound('excludeIds')}::bigint[])`,
          visitor ? undefined : notBlockedWith(bound('viewerId'), members.id),
        ),
      )
      .orderBy(desc(profiles.lastActiveAt), desc(profiles.memberId))
      .limit(RELATED_POOL)
      .as('pool');
    return cardsFrom(db)
      .innerJoin(pool, eq(pool.id, members.id))
      .orderBy(
        sql`(${photos.id} is null)`,
        sql`(${profiles.lastActiveAt} < ${bound('activeSince')}::timestamptz)`,
        sql`abs(${profiles.birthDate} - ${bound('birthDate')}::date)`,
        asc(members.id),
      )
      .limit(bound('limit'));
  }).execute({
    viewerId: q.viewerId,
    country: q.country,
    genders: q.genders,
    bornFrom: q.bornFrom,
    bornTo: q.bornTo,
    excludeIds: q.excludeIds,
    activeSince: q.activeSince.toISOString(),
    birthDate: q.birthDate,
    limit: q.limit,
  });
}

/** Blocks `blockedId` for `blockerId`; blocking twice changes nothing. */
export async function insertBlock(db: DbOrTx, blockerId: number, blockedId: number): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerId: number, blockedId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** Cards of the members `blockerId` blocked, newest block first; deleted accounts left out. */
export function listBlocked(db: DbOrTx, blockerId: number): Promise<CardRow[]> {
  return cardsFrom(db)
    .innerJoin(blocks, and(eq(blocks.blockedId, members.id), eq(blocks.blockerId, blockerId)))
    .where(isNull(members.deletedAt))
    .orderBy(desc(blocks.createdAt), desc(members.id));
}
