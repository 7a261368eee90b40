import { and, asc, desc, eq, gte, isNull, lte, sql, type AnyColumn, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bound, prepared } from '../../db/prepared.js';
import { blocks, members, photos, profileInterests, profiles } from '../../db/schema/index.js';
import { cardsFrom, findableFor, type CardRow } from '../directory/directory.repository.js';
import type { Gender } from './members.rules.js';

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
 * findable for the viewer (findableFor). Chosen among the RELATED_POOL most recently active of
 * them, read in profiles_browse_idx order (country, last activity), with
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
          eq(profiles.country, bound('country')),
          sql`${profiles.gender} = any(${bound('genders')}::text[])`,
          gte(profiles.birthDate, bound('bornFrom')),
          lte(profiles.birthDate, bound('bornTo')),
          sql`${members.id} <> all(${bound('excludeIds')}::bigint[])`,
          findableFor(visitor ? null : bound('viewerId')),
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
