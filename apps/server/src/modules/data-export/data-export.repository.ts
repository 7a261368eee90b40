import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  blocks,
  complaints,
  conversations,
  creditLedger,
  directDebits,
  interests,
  likes,
  profileVisits,
  memberTracking,
  members,
  messages,
  orders,
  photos,
  profileInterests,
  profiles,
  pushSubscriptions,
  regions,
  reports,
} from '../../db/schema/index.js';

/**
 * The member's own account row without the password hash, the mailbox key and the operator's
 * ban fields: exactly the account columns an export may show.
 */
export async function findAccount(db: DbOrTx, memberId: number) {
  const [row] = await db
    .select({
      id: members.id,
      email: members.email,
      language: members.language,
      domain: members.domain,
      status: members.status,
      credits: members.credits,
      paidUser: members.paidUser,
      invisible: members.invisible,
      signupDate: members.signupDate,
      notificationsOff: members.notificationsOff,
      notificationsDisabled: members.notificationsDisabled,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row ?? null;
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** The member's traffic source at signup, if recorded. */
export async function findTracking(db: DbOrTx, memberId: number) {
  const [row] = await db.select().from(memberTracking).where(eq(memberTracking.memberId, memberId)).limit(1);
  return row ?? null;
}
export type TrackingRow = NonNullable<Awaited<ReturnType<typeof findTracking>>>;

/** The member's profile with their region's name. */
export async function findProfile(db: DbOrTx, memberId: number) {
  const [row] = await db
    .select({ profile: profiles, regionName: regions.name })
    .from(profiles)
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .where(eq(profiles.memberId, memberId))
    .limit(1);
  return row ?? null;
}
export type ProfileExportRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** The keys of the member's interests, alphabetical. */
export async function listInterestKeys(db: DbOrTx, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ key: interests.key })
    .from(profileInterests)
    .innerJoin(interests, eq(interests.id, profileInterests.interestId))
    .where(eq(profileInterests.memberId, memberId))
    .orderBy(asc(interests.key));
  return rows.map((r) => r.key);
}

/** The member's photos in their order. */
export async function listPhotos(db: DbOrTx, memberId: number) {
  return db.select().from(photos).where(eq(photos.memberId, memberId)).orderBy(asc(photos.position), asc(photos.id));
}
export type PhotoRow = Awaited<ReturnType<typeof listPhotos>>[number];

/** Every conversation of the member with the other member's id and profile name, oldest first. */
export async function listConversations(db: DbOrTx, memberId: number) {
  const rows = await db
    .select({
      id: conversations.id,
      lowId: conversations.memberLowId,
      highId: conversations.memberHighId,
      startedBy: conversations.startedBy,
      createdAt: conversations.createdAt,
    })
    .from(conversations)
    .where(or(eq(conversations.memberLowId, memberId), eq(conversations.memberHighId, memberId)))
    .orderBy(asc(conversations.id));
  const partnerIds = rows.map((r) => (r.lowId === memberId ? r.highId : r.lowId));
  const names = await profileNames(db, partnerIds);
  return rows.map((r) => {
    const partnerId = r.lowId === memberId ? r.highId : r.lowId;
    return {
      id: r.id,
      partnerId,
      partnerName: names.get(partnerId) ?? null,
      startedBy: r.startedBy,
      createdAt: r.createdAt,
    };
  });
}
export type ConversationExportRow = Awaited<ReturnType<typeof listConversations>>[number];

/**
 * The messages of these conversations the member sent, or received and could see (a message
 * held back for review shows only to its sender), oldest first.
 */
export async function listMessages(db: DbOrTx, memberId: number, conversationIds: number[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      kind: messages.kind,
      body: messages.body,
      giftKey: messages.giftKey,
      credits: messages.credits,
      imageKey: messages.imageKey,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        inArray(messages.conversationId, conversationIds),
        or(eq(messages.senderId, memberId), isNull(messages.heldReason)),
      ),
    )
    .orderBy(asc(messages.conversationId), asc(messages.id));
}
export type MessageExportRow = Awaited<ReturnType<typeof listMessages>>[number];

/** The member's orders with their direct-debit details (never the SMS code's hash), oldest first. */
export async function listOrders(db: DbOrTx, memberId: number) {
  return db
    .select({ order: orders, directDebit: directDebits })
    .from(orders)
    .leftJoin(directDebits, eq(directDebits.orderId, orders.id))
    .where(eq(orders.memberId, memberId))
    .orderBy(asc(orders.id));
}
export type OrderExportRow = Awaited<ReturnType<typeof listOrders>>[number];

/** The member's credit ledger, oldest first. */
export async function listCreditLedger(db: DbOrTx, memberId: number) {
  return db.select().from(creditLedger).where(eq(creditLedger.memberId, memberId)).orderBy(asc(creditLedger.id));
}
export type LedgerRow = Awaited<ReturnType<typeof listCreditLedger>>[number];

/** When each of the member's devices subscribed to pushes; the endpoints and keys stay out. */
export async function listPushSubscriptionDates(db: DbOrTx, memberId: number): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId))
    .orderBy(asc(pushSubscriptions.createdAt));
  return rows.map((r) => r.createdAt);
}

/** Likes the member gave and received, with the other member's profile name. */
export async function listLikes(db: DbOrTx, memberId: number) {
  const given = await db.select().from(likes).where(eq(likes.likerId, memberId)).orderBy(asc(likes.createdAt));
  const received = await db.select().from(likes).where(eq(likes.likedId, memberId)).orderBy(asc(likes.createdAt));
  const names = await profileNames(db, [...given.map((l) => l.likedId), ...received.map((l) => l.likerId)]);
  return { given, received, names };
}
export type LikesExport = Awaited<ReturnType<typeof listLikes>>;

/**
 * Profile visits: those the member made, with the visited member's profile name, and those the
 * member received as times and counts only. Who visited is the visitor's data, and a premium
 * feature on the site: the export does not name them (decision 0076).
 */
export async function listVisits(db: DbOrTx, memberId: number) {
  const made = await db
    .select()
    .from(profileVisits)
    .where(eq(profileVisits.viewerId, memberId))
    .orderBy(asc(profileVisits.lastAt));
  const received = await db
    .select({ lastAt: profileVisits.lastAt, count: profileVisits.count })
    .from(profileVisits)
    .where(eq(profileVisits.viewedId, memberId))
    .orderBy(asc(profileVisits.lastAt));
  const names = await profileNames(
    db,
    made.map((v) => v.viewedId),
  );
  return { made, received, names };
}
export type VisitsExport = Awaited<ReturnType<typeof listVisits>>;

/** The members the member blocked, with their profile names. */
export async function listBlocks(db: DbOrTx, memberId: number) {
  const rows = await db.select().from(blocks).where(eq(blocks.blockerId, memberId)).orderBy(asc(blocks.createdAt));
  const names = await profileNames(
    db,
    rows.map((r) => r.blockedId),
  );
  return rows.map((r) => ({ ...r, name: names.get(r.blockedId) ?? null }));
}
export type BlockExportRow = Awaited<ReturnType<typeof listBlocks>>[number];

/** The reports the member filed, with the reported member's profile name. */
export async function listFiledReports(db: DbOrTx, memberId: number) {
  const rows = await db.select().from(reports).where(eq(reports.reporterId, memberId)).orderBy(asc(reports.id));
  const names = await profileNames(
    db,
    rows.map((r) => r.memberId),
  );
  return rows.map((r) => ({ ...r, name: names.get(r.memberId) ?? null }));
}
export type ReportExportRow = Awaited<ReturnType<typeof listFiledReports>>[number];

/** The complaints the member sent while logged in. */
export async function listComplaints(db: DbOrTx, memberId: number) {
  return db.select().from(complaints).where(eq(complaints.memberId, memberId)).orderBy(asc(complaints.id));
}
export type ComplaintExportRow = Awaited<ReturnType<typeof listComplaints>>[number];

/** Profile names by member id: all another member is shown by in an export. */
async function profileNames(db: DbOrTx, memberIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.memberId, name: profiles.name })
    .from(profiles)
    .where(inArray(profiles.memberId, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
