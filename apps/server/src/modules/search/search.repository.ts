import { and, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bound, prepared } from '../../db/prepared.js';
import { likes, members, photos, profileInterests, profiles } from '../../db/schema/index.js';
import {
  cardColumns,
  cardsFrom,
  findableFor,
  photoShown,
  shownMainPhoto,
  type CardRow,
} from '../directory/directory.repository.js';
import type { Gender, Sexuality } from '../members/members.rules.js';

/** Where a page starts: after the row with this last activity (PostgreSQL's text form) and id. */
export interface SearchCursor {
  lastActiveAt: string;
  id: number;
}

export interface SearchFilter {
  /** The logged-in viewer (never listed, blocks apply); null for a visitor. */
  viewerId: number | null;
  /** One or more countries; several are merged in activity order. */
  countries: string[];
  genders: Gender[];
  regionId: number | null;
  /** Members with the verified badge only (similar results keep this too). */
  verified: boolean;
  /** Birth-date range, inclusive, 'YYYY-MM-DD'. */
  bornFrom: string;
  bornTo: string;
  /** Members never listed (a first page's results when looking for similar ones). */
  excludeIds: number[];
  after: SearchCursor | null;
  limit: number;
}

/** A search hit: its card and its position in the order, for the next page's cursor. */
export interface SearchRow extends CardRow {
  sortKey: string;
}

/** The search order, matching profiles_browse_idx (whose descending columns sort nulls last). */
const byActivity = [sql`${profiles.lastActiveAt} desc nulls last`, sql`${profiles.memberId} desc nulls last`];

/** What makes one search page statement differ from another: a few shapes, named by them. */
interface PageShape {
  region: boolean;
  verified: boolean;
  after: boolean;
  viewer: boolean;
}

const shapeName = (shape: PageShape) =>
  [
    'search_page',
    shape.region ? 'region' : 'countries',
    shape.verified && 'verified',
    shape.after && 'after',
    shape.viewer ? 'member' : 'visitor',
  ]
    .filter(Boolean)
    .join('_');

/**
 * The hits of a page in keyset order, as a derived table `hits (member_id, last_active_at)`. Each
 * country's slice is read in index order on profiles_browse_idx (a lateral join per country, so
 * one statement serves any number of countries) and the slices are merged; with a region the
 * country is left out (the region lies in it, the service checked), so the planner walks
 * profiles_region_browse_idx instead of combining two indexes and sorting. 'Verified only' is a
 * literal condition, so the partial profiles_verified_browse_idx matches it in a generic plan too.
 */
function pageHits(shape: PageShape): SQL {
  const slice = (place: SQL) => sql`select ${profiles.memberId}, ${profiles.lastActiveAt}
    from ${profiles} inner join ${members} on ${members.id} = ${profiles.memberId}
    where ${and(
      place,
      sql`${profiles.gender} = any(${bound('genders')}::text[])`,
      gte(profiles.birthDate, bound('bornFrom')),
      lte(profiles.birthDate, bound('bornTo')),
      shape.after
        ? sql`(${profiles.lastActiveAt}, ${profiles.memberId}) < (${bound('afterAt')}::timestamptz, ${bound('afterId')})`
        : undefined,
      sql`${profiles.memberId} <> all(${bound('excludeIds')}::bigint[])`,
      shape.verified ? sql`${profiles.verifiedPhotoId} is not null` : undefined,
      findableFor(shape.viewer ? bound('viewerId') : null),
    )}
    order by ${profiles.lastActiveAt} desc nulls last, ${profiles.memberId} desc nulls last
    limit ${bound('limit')}`;
  if (shape.region) return sql`(${slice(eq(profiles.regionId, bound('regionId')))}) hits`;
  return sql`(select hit.member_id, hit.last_active_at
    from unnest(${bound('countries')}::text[]) wanted (country)
    cross join lateral (${slice(sql`${profiles.country} = wanted.country`)}) hit
    order by hit.last_active_at desc nulls last, hit.member_id desc nulls last
    limit ${bound('limit')}) hits`;
}

/**
 * One page of the member search with its cards, in keyset order (last activity, then id, both
 * descending): one prepared statement per shape (region or countries, first page or after a
 * cursor, member or visitor). Never OFFSET: a deep page costs what the first does.
 */
export function searchPage(db: DbOrTx, f: SearchFilter): Promise<SearchRow[]> {
  if (f.countries.length === 0 || f.genders.length === 0) return Promise.resolve([]);
  const shape: PageShape = {
    region: f.regionId !== null,
    verified: f.verified,
    after: f.after !== null,
    viewer: f.viewerId !== null,
  };
  return prepared(db, shapeName(shape), (db) =>
    db
      .select({ ...cardColumns, sortKey: sql<string>`hits.last_active_at::text` })
      .from(pageHits(shape))
      .innerJoin(members, sql`${members.id} = hits.member_id`)
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .leftJoin(photos, shownMainPhoto())
      .orderBy(sql`hits.last_active_at desc nulls last`, sql`hits.member_id desc nulls last`),
  ).execute({
    viewerId: f.viewerId,
    countries: f.countries,
    regionId: f.regionId,
    genders: f.genders,
    bornFrom: f.bornFrom,
    bornTo: f.bornTo,
    afterAt: f.after?.lastActiveAt,
    afterId: f.after?.id,
    excludeIds: f.excludeIds,
    limit: f.limit,
  });
}

export interface MatchPoolQuery {
  viewerId: number;
  country: string;
  /** The (gender, sexuality) pairs that seek the viewer's gender and are sought by the viewer. */
  compatible: Array<{ gender: Gender; sexuality: Sexuality }>;
  /** Birth-date range, inclusive; null for any age. */
  bornFrom: string | null;
  bornTo: string | null;
  excludeIds: number[];
  limit: number;
}

/** A match candidate with what its score is made of. */
export interface MatchCandidate {
  id: number;
  invisible: boolean;
  birthDate: string;
  regionId: number | null;
  lastActiveAt: Date;
  hasPhoto: boolean;
}

/**
 * The most recently active compatible members of a country, not yet liked by the viewer: the
 * pool the match finder scores. Read from profiles_browse_idx in activity order.
 */
export function matchPool(db: DbOrTx, q: MatchPoolQuery): Promise<MatchCandidate[]> {
  const genders = [...new Set(q.compatible.map((c) => c.gender))];
  return db
    .select({
      id: profiles.memberId,
      invisible: members.invisible,
      birthDate: profiles.birthDate,
      regionId: profiles.regionId,
      lastActiveAt: profiles.lastActiveAt,
      hasPhoto: sql<boolean>`exists (select 1 from ${photos} where ${photos.memberId} = ${profiles.memberId} and ${photoShown()})`,
    })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .where(
      and(
        eq(profiles.country, q.country),
        inArray(profiles.gender, genders),
        sql`(${profiles.gender}, ${profiles.sexuality}) in (${sql.join(
          q.compatible.map((c) => sql`(${c.gender}, ${c.sexuality})`),
          sql`, `,
        )})`,
        q.bornFrom === null ? undefined : gte(profiles.birthDate, q.bornFrom),
        q.bornTo === null ? undefined : lte(profiles.birthDate, q.bornTo),
        q.excludeIds.length === 0 ? undefined : notInArray(profiles.memberId, q.excludeIds),
        sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${q.viewerId} and ${likes.likedId} = ${profiles.memberId})`,
        findableFor(q.viewerId),
      ),
    )
    .orderBy(...byActivity)
    .limit(q.limit);
}

/** How many of `interestIds` each of `memberIds` shares; members sharing none are left out. */
export async function commonInterests(
  db: DbOrTx,
  memberIds: number[],
  interestIds: number[],
): Promise<Map<number, number>> {
  if (memberIds.length === 0 || interestIds.length === 0) return new Map();
  const rows = await prepared(db, 'search_common_interests', (db) =>
    db
      .select({ id: profileInterests.memberId, count: sql<number>`count(*)::int` })
      .from(profileInterests)
      .where(
        and(
          sql`${profileInterests.memberId} = any(${bound('memberIds')}::bigint[])`,
          sql`${profileInterests.interestId} = any(${bound('interestIds')}::int[])`,
        ),
      )
      .groupBy(profileInterests.memberId),
  ).execute({ memberIds, interestIds });
  return new Map(rows.map((r) => [r.id, r.count]));
}

/** Cards of `ids`, in no particular order. */
export function cardsOf(db: DbOrTx, ids: number[]): Promise<CardRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return prepared(db, 'search_cards', (db) =>
    cardsFrom(db).where(sql`${members.id} = any(${bound('ids')}::bigint[])`),
  ).execute({ ids });
}
