import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bigintArray, executeRows } from '../../db/prepared.js';
import { findableFor, messageVisibleTo } from '../directory/directory.repository.js';
import {
  conversationMembers,
  likes,
  members,
  messages,
  notificationDeliveries,
  profiles,
  photoVerifications,
} from '../../db/schema/index.js';

export type MemberRow = typeof members.$inferSelect;

/** A member with the name others know them by (null without a profile). */
export interface Recipient {
  member: MemberRow;
  name: string | null;
  country: string | null;
  regionId: number | null;
  gender: 'male' | 'female' | null;
  sexuality: string | null;
}

export async function findRecipient(db: DbOrTx, memberId: number): Promise<Recipient | null> {
  const [row] = await db
    .select({
      member: members,
      name: profiles.name,
      country: profiles.country,
      regionId: profiles.regionId,
      gender: profiles.gender,
      sexuality: profiles.sexuality,
    })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId));
  return row ?? null;
}

export async function findName(db: DbOrTx, memberId: number): Promise<string | null> {
  const [row] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.memberId, memberId));
  return row?.name ?? null;
}

/**
 * Claims a mail: the unique index lets exactly one insert of (member, channel, kind, ref)
 * succeed, whatever the number of processes trying. True for the one that may send it.
 */
export async function claimDelivery(
  db: DbOrTx,
  d: { memberId: number; kind: string; ref: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(notificationDeliveries)
    .values({ memberId: d.memberId, channel: 'email', kind: d.kind, ref: d.ref, createdAt: d.at })
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.id });
  return rows.length > 0;
}

/** Gives a claim back after the mail could not be sent, so a later run may try again. */
export async function releaseDelivery(db: DbOrTx, d: { memberId: number; kind: string; ref: string }): Promise<void> {
  await db
    .delete(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.memberId, d.memberId),
        eq(notificationDeliveries.channel, 'email'),
        eq(notificationDeliveries.kind, d.kind),
        eq(notificationDeliveries.ref, d.ref),
      ),
    );
}

/** Members asked about in one statement of lastDeliveries, well inside PostgreSQL's parameter limit. */
const LAST_DELIVERIES_CHUNK = 1000;

/**
 * Each member's last mail of a kind, by member: when, and its ref. One statement per thousand
 * members of a job's round instead of one each, one backward step on
 * notification_deliveries_recent_idx per member.
 */
export async function lastDeliveries(
  db: DbOrTx,
  memberIds: readonly number[],
  kind: string,
): Promise<Map<number, { at: Date; ref: string }>> {
  const found = new Map<number, { at: Date; ref: string }>();
  for (let from = 0; from < memberIds.length; from += LAST_DELIVERIES_CHUNK) {
    const rows = await executeRows<{ member_id: number | string; created_at: Date | string; ref: string }>(
      db,
      sql`
      select m.id as member_id, d.created_at, d.ref
      from unnest(${bigintArray(memberIds.slice(from, from + LAST_DELIVERIES_CHUNK))}) as m(id)
      cross join lateral (
        select ${notificationDeliveries.createdAt}, ${notificationDeliveries.ref} from ${notificationDeliveries}
        where ${notificationDeliveries.memberId} = m.id and ${notificationDeliveries.channel} = 'email'
          and ${notificationDeliveries.kind} = ${kind}
        order by ${notificationDeliveries.createdAt} desc
        limit 1
      ) d`,
    );
    for (const row of rows) found.set(Number(row.member_id), { at: new Date(row.created_at), ref: row.ref });
  }
  return found;
}

/** An unread message sent to `recipientId`, with its sender's name. */
export interface UnreadMessage {
  recipientId: number;
  conversationId: number;
  messageId: number;
  senderName: string;
  createdAt: Date;
}

interface UnreadMessageRow {
  recipient_id: number | string;
  conversation_id: number | string;
  message_id: number | string;
  sender_name: string;
  created_at: Date | string;
}

/**
 * Unread messages sent after `since`, as the recipient sees them (messageVisibleTo: nothing held
 * or shadow-banned); without `withFirst`, except each conversation's first message (that one has
 * its own new-conversation mail). The jobs run it every minute, so its cost follows the unread
 * messages, not the messages of the day: the list entries with unread messages
 * (conversation_members_unread_idx), then per entry its newest `unread_count` messages from the
 * partner on messages_conversation_idx, and only then the times. A time condition on the
 * messages themselves lets the planner pair every entry with all of the day's messages on
 * messages_created_idx, which it did while the table grew faster than its statistics: seconds
 * of a core every minute.
 */
export async function listUnreadMessages(db: DbOrTx, since: Date, withFirst = false): Promise<UnreadMessage[]> {
  const after = sql`${since.toISOString()}::timestamptz`;
  const rows = await executeRows<UnreadMessageRow>(
    db,
    sql`
    select cm.member_id as recipient_id, u.conversation_id, u.id as message_id, p.name as sender_name, u.created_at
    from ${conversationMembers} cm
    cross join lateral (
      select ${messages.id}, ${messages.conversationId}, ${messages.senderId}, ${messages.createdAt}
      from ${messages}
      where ${messages.conversationId} = cm.conversation_id and ${messages.senderId} <> cm.member_id
        and ${messageVisibleTo(sql`cm.member_id`)}
      order by ${messages.id} desc
      limit cm.unread_count
    ) u
    join ${profiles} p on p.member_id = u.sender_id
    where cm.unread_count > 0 and cm.last_message_at > ${after}
      and u.created_at > ${after} and u.created_at > coalesce(cm.last_read_at, '-infinity'::timestamptz)
      ${withFirst ? sql`` : sql`and u.id <> (select min(f.id) from ${messages} f where f.conversation_id = u.conversation_id)`}
    order by cm.member_id, u.id`,
  );
  return rows.map((row) => ({
    recipientId: Number(row.recipient_id),
    conversationId: Number(row.conversation_id),
    messageId: Number(row.message_id),
    senderName: row.sender_name,
    createdAt: new Date(row.created_at),
  }));
}

/** Likes the member received after `since` (likes_liked_created_idx). */
export async function countLikesSince(db: DbOrTx, memberId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(likes)
    .where(and(eq(likes.likedId, memberId), gt(likes.createdAt, since)));
  return row?.n ?? 0;
}

/** The member's unread messages in the chats on their list. */
export async function countUnread(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${conversationMembers.unreadCount}), 0)::int` })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.memberId, memberId), isNull(conversationMembers.hiddenAt)));
  return row?.n ?? 0;
}

/**
 * Members the member could find (the directory's rule: active, not invisible, no block either
 * way) who signed up after `since` in the member's country (and region, when the member has
 * one), of the genders the member looks for.
 */
export async function countNewMembersNear(
  db: DbOrTx,
  near: { memberId: number; country: string; regionId: number | null; genders: Array<'male' | 'female'> },
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .where(
      and(
        findableFor(near.memberId),
        eq(profiles.country, near.country),
        near.regionId === null ? undefined : eq(profiles.regionId, near.regionId),
        sql`${profiles.gender} in ${near.genders}`,
        gt(members.signupDate, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A page of members a weekly update may go to, by id: not deleted, e-mail not disabled, the
 * kind not switched off, confirmed, and not one of the site's own profiles.
 */
export async function listWeeklyRecipientIds(db: DbOrTx, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        gt(members.id, afterId),
        isNull(members.deletedAt),
        eq(members.status, 'confirmed'),
        eq(members.fictional, false),
        sql`cardinality(${members.notificationsDisabled}) = 0`,
        sql`not ('weekly_updates' = any(${members.notificationsOff}))`,
      ),
    )
    .orderBy(members.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Adds a reason to the member's notifications_disabled, once. */
export async function addDisabledReason(db: DbOrTx, where: { memberId: number } | { email: string }, reason: string) {
  const who =
    'memberId' in where ? eq(members.id, where.memberId) : sql`lower(${members.email}) = lower(${where.email})`;
  await db
    .update(members)
    .set({ notificationsDisabled: sql`array_append(${members.notificationsDisabled}, ${reason})` })
    .where(and(who, sql`not (${reason} = any(${members.notificationsDisabled}))`));
}

export async function clearDisabledReasons(db: DbOrTx, memberId: number): Promise<void> {
  await db.update(members).set({ notificationsDisabled: [] }).where(eq(members.id, memberId));
}

/** The reason a moderator gave for rejecting a verification request, or null. */
export async function verificationReason(db: DbOrTx, requestId: number): Promise<string | null> {
  const [row] = await db
    .select({ reason: photoVerifications.reason })
    .from(photoVerifications)
    .where(eq(photoVerifications.id, requestId))
    .limit(1);
  return row?.reason ?? null;
}
