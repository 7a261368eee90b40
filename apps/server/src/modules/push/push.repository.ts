import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  conversationMembers,
  members,
  notificationDeliveries,
  profiles,
  pushSubscriptions,
} from '../../db/schema/index.js';
import type { PushTarget } from '../../platform/push/index.js';

/**
 * Stores a device's subscription, or refreshes the member's own: the endpoint names the device,
 * so subscribing again replaces its keys, login and time. An endpoint another member subscribed
 * stays theirs (the conflict updates nothing), so knowing someone's endpoint takes nothing from
 * them. Then the member's subscriptions past `keep`, oldest first, are deleted. Takes the
 * member's row lock first, so parallel calls of one member queue and the cap holds.
 */
export async function storeSubscription(
  tx: DbOrTx,
  owner: { memberId: number; sessionId: string },
  target: PushTarget,
  keep: number,
): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, owner.memberId)).for('update');
  await tx
    .insert(pushSubscriptions)
    .values({ ...owner, ...target })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { sessionId: owner.sessionId, p256dh: target.p256dh, auth: target.auth, createdAt: sql`now()` },
      setWhere: eq(pushSubscriptions.memberId, owner.memberId),
    });
  const kept = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, owner.memberId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.memberId, owner.memberId), notInArray(pushSubscriptions.id, kept)));
}

/** Removes the member's subscription of this endpoint; another member's is left alone. */
export async function deleteMemberSubscription(db: DbOrTx, memberId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Removes a subscription the push service reported gone. */
export async function deleteSubscription(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export interface SubscriptionRow extends PushTarget {
  id: number;
}

export function listSubscriptions(db: DbOrTx, memberId: number): Promise<SubscriptionRow[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId));
}

/** What deciding on a recipient's push needs. Null for a member who is gone or deleted. */
export interface RecipientRow {
  language: string;
  notificationsOff: string[];
}

export async function findRecipient(db: DbOrTx, memberId: number): Promise<RecipientRow | null> {
  const [row] = await db
    .select({ language: members.language, notificationsOff: members.notificationsOff })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
  return row ?? null;
}

/** The name a notification shows for a member (their profile name). */
export async function findName(db: DbOrTx, memberId: number): Promise<string | null> {
  const [row] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.memberId, memberId));
  return row?.name ?? null;
}

/** The member's unread messages over the chats in their list. */
export async function countUnreadMessages(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${conversationMembers.unreadCount}), 0)::int` })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.memberId, memberId), isNull(conversationMembers.hiddenAt)));
  return row?.total ?? 0;
}

/**
 * Claims one push for this process: true only for the one insert that stored the row, so with
 * every process receiving every bus event the push still goes out once.
 */
export async function claimPush(db: DbOrTx, memberId: number, kind: string, ref: string): Promise<boolean> {
  const rows = await db
    .insert(notificationDeliveries)
    .values({ memberId, channel: 'push', kind, ref })
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.id });
  return rows.length > 0;
}
