import { and, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { likes, members, photos, profileInterests, profiles } from '../../db/schema/index.js';
import { cardsFrom, notBlockedWith, photoShown, type CardRow } from '../members/members.repository.js';
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

/**
 * The rules every list of other members shares, as SQL on profiles joined with members: active
 * profile (so confirmed and not disabled), not deleted, not invisible, not the viewer, no block
 * either way. The status test is written as a literal so profiles_browse_idx (partial, WHERE
 * status = 'active') always applies.
 */
export function findableFor(viewerId: number | null): SQL {
  return and(
    sql`${profiles.status} = 'active'`,
    sql`${members.deletedAt} is null`,
    sql`${members.invisible} = false`,
    viewerId === null ? undefined : sql`${profiles.memberId} <> ${viewerId}`,
    viewerId === null ? undefined : notBlockedWith(viewerId, profiles.memberId),
  )!;
}

/** The search order, matching profiles_browse_idx (whose descending columns sort nulls last). */
const byActivity = [sql`${profiles.lastActiveAt} desc nulls last`, sql`${profiles.memberId} desc nulls last`];

/**
 * One country's slice of a search page, read in index order. With a region the country is left
 * out of the query (the region lies in it, the service checked), so the planner walks
 * profiles_region_browse_idx instead of combining two indexes and sorting.
 */
function countryPage(db: DbOrTx, f: SearchFilter, country: string) {
  return db
    .select({
      id: profiles.memberId,
      lastActiveAt: profiles.lastActiveAt,
      sortKey: sql<string>`${profiles.lastActiveAt}::text`.as('sort_key'),
    })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .where(
      and(
        f.regionId === null ? eq(profiles.country, country) : eq(profiles.regionId, f.regionId),
        f.genders.length === 1 ? eq(profiles.gender, f.genders[0]!) : inArray(profiles.gender, f.genders),
        gte(profiles.birthDate, f.bornFrom),
        lte(profiles.birthDate, f.bornTo),
        f.after === null
          ? undefined
          : sql`(${profiles.lastActiveAt}, ${profiles.memberId}) < (${f.after.lastActiveAt}::timestamptz, ${f.after.id})`,
        f.excludeIds.length === 0 ? undefined : notInArray(profiles.memberId, f.excludeIds),
        findableFor(f.viewerId),
      ),
    )
    .orderBy(...byActivity)
    .limit(f.limit);
}

/**
 * One page of the member search: ids in keyset order (last activity, then id, both descending),
 * read from profiles_browse_idx per country (or profiles_region_browse_idx for a region, which
 * lies in the first country) and merged, then their cards. Never OFFSET: a deep
 * page costs what the first does.
 */
export async function searchPage(db: DbOrTx, f: SearchFilter): Promise<SearchRow[]> {
  if (f.countries.length === 0 || f.genders.length === 0) return [];
  const countries = f.regionId === null ? f.countries : f.countries.slice(0, 1);
  const [first, second, ...rest] = countries.map((c) => countryPage(db, f, c));
  const hits = second
    ? await unionAll(first!, second, ...rest)
        // A set operation sorts by its output columns' names.
        .orderBy(sql`"last_active_at" desc`, sql`"member_id" desc`)
        .limit(f.limit)
    : await first!;
  if (hits.length === 0) return [];
  const cards = await cardsOf(
    db,
    hits.map((h) => h.id),
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  return hits.flatMap((h) => {
    const card = byId.get(h.id);
    return card ? [{ ...card, sortKey: h.sortKey }] : [];
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
  const rows = await db
    .select({ id: profileInterests.memberId, count: sql<number>`count(*)::int` })
    .from(profileInterests)
    .where(and(inArray(profileInterests.memberId, memberIds), inArray(profileInterests.interestId, interestIds)))
    .groupBy(profileInterests.memberId);
  return new Map(rows.map((r) => [r.id, r.count]));
}

/** Cards of `ids`, in no particular order. */
export function cardsOf(db: DbOrTx, ids: number[]): Promise<CardRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return cardsFrom(db).where(inArray(members.id, ids));
}
