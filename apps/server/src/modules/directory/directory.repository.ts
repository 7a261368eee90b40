import { and, eq, inArray, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bound, prepared } from '../../db/prepared.js';
import type { Gender } from '../members/members.rules.js';
import { blocks, members, messages, photos, profiles } from '../../db/schema/index.js';

/**
 * Who may see or reach whom, as SQL. Every list of other members, every contact check and the
 * chat's single-statement sends take their rule from here; directory.rules.ts is its twin for
 * rows already read.
 */

/**
 * SQL condition "no block between `viewerId` and the member in `memberColumn`, either way", for
 * any list of members. Both directions are primary-key lookups. In a prepared statement the
 * viewer is a placeholder.
 */
export function notBlockedWith(viewerId: number | Placeholder | SQL, memberColumn: AnyColumn | SQL): SQL {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${memberColumn}) or (${blocks.blockerId} = ${memberColumn} and ${blocks.blockedId} = ${viewerId}))`;
}

/**
 * What a member may see of a conversation's messages, as SQL on messages: their own, and the
 * partner's unless held for review or from a shadow-banned sender (the sender's row, one
 * primary-key lookup). The chat's reads and the unread-message mails take it from here.
 */
export function messageVisibleTo(memberId: Placeholder | SQL): SQL {
  return sql`(${messages.senderId} = ${memberId} or (${messages.heldReason} is null and not exists (
    select 1 from ${members} s where s.id = ${messages.senderId} and s.shadow_banned_at is not null)))`;
}

/**
 * Members `viewerId` may find, as SQL on profiles joined with members: active profile (so
 * confirmed and not disabled), not deleted, not invisible, not the viewer, no block either way;
 * for a visitor (null) only the first three. The same members may be reached (liked, written
 * to). The status test is written as a literal so the partial indexes over active profiles
 * (profiles_browse_idx, WHERE status = 'active') always apply, in a prepared statement's generic
 * plan too. The viewer is a placeholder in a prepared statement.
 */
export function findableFor(viewerId: number | Placeholder | null): SQL {
  return and(
    sql`${profiles.status} = 'active'`,
    sql`${members.deletedAt} is null`,
    sql`${members.invisible} = false`,
    viewerId === null ? undefined : sql`${profiles.memberId} <> ${viewerId}`,
    viewerId === null ? undefined : notBlockedWith(viewerId, profiles.memberId),
  )!;
}

/**
 * findableFor as raw SQL text, for the chat's hand-written single statements: whether the
 * member whose id is the expression `member` is reachable for the one in `viewer` (both
 * expressions of the statement, such as `$1::bigint` or `t.recipient_id`). The same
 * predicates as findableFor, checked by primary key.
 */
export function reachableSql(viewer: string, member: string): string {
  return `(${member} <> ${viewer}
    and exists (select 1 from members r join profiles p on p.member_id = r.id
                where r.id = ${member} and r.deleted_at is null and r.invisible = false
                  and p.status = 'active')
    and ${notBlockedSql(viewer, member)})`;
}

/** notBlockedWith as raw SQL text, for hand-written statements (expressions as in reachableSql). */
export function notBlockedSql(viewer: string, member: string): string {
  return `not exists (select 1 from blocks b
                    where (b.blocker_id = ${viewer} and b.blocked_id = ${member})
                       or (b.blocker_id = ${member} and b.blocked_id = ${viewer}))`;
}

/**
 * A member the viewer already met (a chat partner) still shows to them: not deleted, active
 * profile, no block either way. Invisible mode does not take them out of the viewer's chats;
 * it hides only their presence (presenceSeenBy). On members joined with profiles.
 */
export function shownToContact(viewerId: number | Placeholder): SQL {
  return and(
    sql`${members.deletedAt} is null`,
    // A (shadow-)banned partner's profile is disabled: it must not show in anyone's list.
    sql`${profiles.status} = 'active'`,
    notBlockedWith(viewerId, members.id),
  )!;
}

/** Whether either member blocked the other (a notification about one to the other, for instance). */
export async function isBlockedEitherWay(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const [row] = await prepared(db, 'directory_blocked_either_way', (db) =>
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

/** Whether others may find the member at all (findableFor a visitor): blocking them needs no more. */
export async function isFindableMember(db: DbOrTx, memberId: number): Promise<boolean> {
  const [row] = await prepared(db, 'directory_findable', (db) =>
    db
      .select({ id: members.id })
      .from(members)
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .where(and(eq(members.id, bound('memberId')), findableFor(null)))
      .limit(1),
  ).execute({ memberId });
  return row !== undefined;
}

/** Whether `viewerId` may reach `memberId` (like them, write to them): findableFor the viewer. */
export async function isReachable(db: DbOrTx, viewerId: number, memberId: number): Promise<boolean> {
  const [row] = await prepared(db, 'directory_reachable', (db) =>
    db
      .select({ id: members.id })
      .from(members)
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .where(and(eq(members.id, bound('memberId')), findableFor(bound('viewerId'))))
      .limit(1),
  ).execute({ viewerId, memberId });
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
  verified: sql<boolean>`${profiles.verifiedPhotoId} is not null`.mapWith(Boolean),
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
  /** The verified badge holds (profiles.verified_photo_id). */
  verified: boolean;
};

/** Whether a photo may show to other members: approved, or shown while it waits ('after'). */
export function photoShown(): SQL {
  return inArray(photos.review, ['approved', 'pending_live']);
}

/**
 * The join condition of a member's main photo as others see it: a photo waiting for review
 * before it may show (settings.photo_review 'before') is left out, so the card has no picture.
 */
export function shownMainPhoto(): SQL | undefined {
  return and(eq(photos.memberId, members.id), eq(photos.isMain, true), photoShown());
}

/** Members joined with their profile and main photo, ready for cardColumns. */
export function cardsFrom(db: DbOrTx) {
  return db
    .select(cardColumns)
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .leftJoin(photos, shownMainPhoto());
}

/** One member's card when `viewerId` (null for a visitor) may find them, else null. */
export async function findableCard(db: DbOrTx, memberId: number, viewerId: number | null): Promise<CardRow | null> {
  const [row] = await cardsFrom(db)
    .where(and(eq(members.id, memberId), findableFor(viewerId)))
    .limit(1);
  return row ?? null;
}

/**
 * Makes a profile's status follow its account: 'active' (seen by others) only while the account
 * is confirmed, not deleted, neither banned nor shadow-banned; 'disabled' otherwise. Search,
 * profile views, likes lists, the swipe game, landers' pools and chat show only active profiles
 * (on their partial indexes), so this one column hides a (shadow-)banned member everywhere.
 * Called after anything that changes one of those: confirmation, deletion undone, and staff
 * setting or lifting a ban or shadow-ban.
 */
export async function syncProfileVisibility(db: DbOrTx, memberId: number): Promise<void> {
  await db
    .update(profiles)
    .set({
      status: sql`case when exists (select 1 from ${members} m where m.id = ${memberId} and m.status = 'confirmed'
        and m.deleted_at is null and m.banned_at is null and m.shadow_banned_at is null)
        then 'active' else 'disabled' end`,
    })
    .where(eq(profiles.memberId, memberId));
}

/**
 * The member in the profiles row seeks `gender`: hetero the other gender, gay and lesbian their
 * own, bi both (the SQL twin of soughtGenders). With `inArray(profiles.gender, soughtGenders(me))`
 * it makes a match compatible both ways.
 */
export function seeksGender(gender: Gender): SQL {
  return sql`(${profiles.sexuality} = 'bi' or (${profiles.sexuality} = 'hetero' and ${profiles.gender} <> ${gender}) or (${profiles.sexuality} in ('gay', 'lesbian') and ${profiles.gender} = ${gender}))`;
}
