import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  conversationMembers,
  conversations,
  creditLedger,
  gifts,
  members,
  messages,
  pendingFirstMessages,
  photos,
  profiles,
  type CREDIT_REASONS,
} from '../../db/schema/index.js';
import { cardColumns, cardsFrom, notBlockedWith, type CardRow } from '../members/members.repository.js';

export type MessageRow = typeof messages.$inferSelect;
export type GiftRow = typeof gifts.$inferSelect;

/** What a gift message shows of its gift. */
export type GiftRef = Pick<GiftRow, 'key' | 'name' | 'image'>;

/** A message with its gift, ready to present. */
export type StoredMessage = MessageRow & { gift: GiftRef | null };

/** The kind-specific columns of a new message: a text's body, an image's files, a gift's key. */
export interface MessageContent {
  kind: MessageRow['kind'];
  body: string;
  image: { key: string; thumbKey: string; width: number; height: number } | null;
  giftKey: string | null;
}

/**
 * The conversation of two members, created (with both list entries) when it does not exist
 * yet. Safe against two first messages at once: the pair's unique index decides, and the loser
 * reads the winner's row.
 */
export async function findOrCreateConversation(
  db: DbOrTx,
  a: number,
  b: number,
  startedBy: number,
): Promise<{ id: number; created: boolean }> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [inserted] = await db
    .insert(conversations)
    .values({ memberLowId: low, memberHighId: high, startedBy })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (inserted) {
    await db.insert(conversationMembers).values([
      { conversationId: inserted.id, memberId: low },
      { conversationId: inserted.id, memberId: high },
    ]);
    return { id: inserted.id, created: true };
  }
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLowId, low), eq(conversations.memberHighId, high)))
    .limit(1);
  if (!existing) throw new Error('conversation vanished between insert and select');
  return { id: existing.id, created: false };
}

/**
 * Stores a message and updates both list entries: the conversation moves to the top for both
 * and shows again if either had hidden it; the recipient's unread count goes up by one.
 */
export async function insertMessage(
  db: DbOrTx,
  values: { conversationId: number; senderId: number; content: MessageContent; at: Date; credits?: number },
): Promise<MessageRow> {
  const { content } = values;
  const [message] = await db
    .insert(messages)
    .values({
      conversationId: values.conversationId,
      senderId: values.senderId,
      kind: content.kind,
      body: content.body,
      imageKey: content.image?.key ?? null,
      imageThumbKey: content.image?.thumbKey ?? null,
      imageWidth: content.image?.width ?? null,
      imageHeight: content.image?.height ?? null,
      giftKey: content.giftKey,
      credits: values.credits ?? 0,
      createdAt: values.at,
    })
    .returning();
  await db
    .update(conversationMembers)
    .set({
      lastMessageAt: values.at,
      hiddenAt: null,
      unreadCount: sql`${conversationMembers.unreadCount} + case when ${conversationMembers.memberId} = ${values.senderId} then 0 else 1 end`,
    })
    .where(eq(conversationMembers.conversationId, values.conversationId));
  return message!;
}

/**
 * Takes the first messages a member wrote while signing up, oldest first. They are deleted as
 * they are read, so a second confirmation (or a second process) finds none to deliver again.
 */
export function takePendingFirstMessages(
  db: DbOrTx,
  senderId: number,
): Promise<Array<{ recipientId: number; body: string; createdAt: Date }>> {
  return db
    .delete(pendingFirstMessages)
    .where(eq(pendingFirstMessages.senderId, senderId))
    .returning({
      recipientId: pendingFirstMessages.recipientId,
      body: pendingFirstMessages.body,
      createdAt: pendingFirstMessages.createdAt,
    })
    .then((rows) => rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime()));
}

/** What sending needs to know of the sender, read under a row lock (see lockSender). */
export interface SenderRow {
  status: 'confirmed' | 'not_confirmed';
  paidUser: boolean;
  credits: number;
}

/**
 * Locks the sender's member row for the rest of the transaction. Every send takes this lock
 * first, so one member's sends run one after another: the free-message and conversation counts
 * they read stay true until they commit, and the lock order (sender, then conversation rows) is
 * the same for every send, so two sends never wait on each other in a circle.
 */
export async function lockSender(db: DbOrTx, memberId: number): Promise<SenderRow | null> {
  const [row] = await db
    .select({ status: members.status, paidUser: members.paidUser, credits: members.credits })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .for('update');
  return row ?? null;
}

/** The conversation of the pair, if they have one. */
export async function findConversationOfPair(db: DbOrTx, a: number, b: number): Promise<number | null> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLowId, low), eq(conversations.memberHighId, high)))
    .limit(1);
  return row?.id ?? null;
}

/** The other member of a conversation `memberId` takes part in; null when they are not in it. */
export async function findPartner(db: DbOrTx, conversationId: number, memberId: number): Promise<number | null> {
  const [row] = await db
    .select({ low: conversations.memberLowId, high: conversations.memberHighId })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.memberLowId, memberId), eq(conversations.memberHighId, memberId)),
      ),
    )
    .limit(1);
  if (!row) return null;
  return row.low === memberId ? row.high : row.low;
}

/** How many conversations the member started (the free members' limit counts these). */
export async function countStartedConversations(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(conversations).where(eq(conversations.startedBy, memberId));
  return row?.n ?? 0;
}

/** How many chat messages the member sent: free ones leave a zero ledger row, so all are counted. */
export async function countSentMessages(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(creditLedger)
    .where(and(eq(creditLedger.memberId, memberId), eq(creditLedger.reason, 'message')));
  return row?.n ?? 0;
}

export type CreditReason = (typeof CREDIT_REASONS)[number];

/**
 * Takes `amount` credits from the member and writes the ledger row, in the caller's transaction.
 * The guarded update never lets the balance go below zero, whatever runs at the same time: it
 * answers null (and changes nothing) when the credits do not suffice, else the new balance.
 * An amount of 0 records a free use.
 */
export async function spendCredits(
  db: DbOrTx,
  memberId: number,
  amount: number,
  reason: CreditReason,
  messageId: number | null,
): Promise<number | null> {
  const [row] = await db
    .update(members)
    .set({ credits: sql`${members.credits} - ${amount}` })
    .where(and(eq(members.id, memberId), sql`${members.credits} >= ${amount}`))
    .returning({ credits: members.credits });
  if (!row) return null;
  await db.insert(creditLedger).values({ memberId, delta: -amount, reason, messageId, balanceAfter: row.credits });
  return row.credits;
}

/** A chat list entry before presenting: the conversation, the unread count and the partner's card. */
export interface ChatListRow {
  conversationId: number;
  unreadCount: number;
  card: CardRow;
}

/**
 * The member's chats, newest message first, along conversation_members_list_idx. Chats the
 * member hid, and partners who are deleted or blocked either way, are left out.
 */
export async function listChats(db: DbOrTx, memberId: number): Promise<ChatListRow[]> {
  const partner = sql`case when ${conversations.memberLowId} = ${memberId} then ${conversations.memberHighId} else ${conversations.memberLowId} end`;
  return db
    .select({
      conversationId: conversationMembers.conversationId,
      unreadCount: conversationMembers.unreadCount,
      card: cardColumns,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(members, eq(members.id, partner))
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .leftJoin(photos, and(eq(photos.memberId, members.id), eq(photos.isMain, true)))
    .where(
      and(
        eq(conversationMembers.memberId, memberId),
        isNull(conversationMembers.hiddenAt),
        isNull(members.deletedAt),
        notBlockedWith(memberId, members.id),
      ),
    )
    .orderBy(desc(conversationMembers.lastMessageAt), desc(conversationMembers.conversationId));
}

/** The newest message of each conversation given. */
export async function lastMessages(db: DbOrTx, conversationIds: number[]): Promise<Map<number, MessageRow>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(messages.conversationId, desc(messages.id));
  return new Map(rows.map((row) => [row.conversationId, row]));
}

/** A partner's card, whatever became of them (the chat itself stays readable). */
export async function findCard(db: DbOrTx, memberId: number): Promise<CardRow | null> {
  const [row] = await cardsFrom(db).where(eq(members.id, memberId)).limit(1);
  return row ?? null;
}

/** A page of a conversation's messages with their gifts, newest first, older than message `before` when given. */
export async function listMessages(
  db: DbOrTx,
  conversationId: number,
  before: number | null,
  limit: number,
): Promise<StoredMessage[]> {
  const rows = await db
    .select({ message: messages, gift: { key: gifts.key, name: gifts.name, image: gifts.image } })
    .from(messages)
    .leftJoin(gifts, eq(gifts.key, messages.giftKey))
    .where(and(eq(messages.conversationId, conversationId), before === null ? undefined : lt(messages.id, before)))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.message, gift: row.gift }));
}

/** The member read the conversation: nothing is unread any more. */
export async function markRead(db: DbOrTx, conversationId: number, memberId: number, at: Date): Promise<void> {
  await db
    .update(conversationMembers)
    .set({ unreadCount: 0, lastReadAt: at })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)));
}

/** Hides the chat from the member's list; false when the member is not in the conversation. */
export async function hideChat(db: DbOrTx, conversationId: number, memberId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(conversationMembers)
    .set({ hiddenAt: at })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)))
    .returning({ id: conversationMembers.conversationId });
  return rows.length > 0;
}

/** Whether the member is a paid (premium) member; free messages are for the others. */
export async function isPaidUser(db: DbOrTx, memberId: number): Promise<boolean> {
  const [row] = await db.select({ paidUser: members.paidUser }).from(members).where(eq(members.id, memberId));
  return row?.paidUser ?? false;
}

/** The gifts that can be sent, in display order. */
export function listActiveGifts(db: DbOrTx): Promise<GiftRow[]> {
  return db.select().from(gifts).where(eq(gifts.active, true)).orderBy(asc(gifts.position), asc(gifts.key));
}

/** A gift that can be sent; null for an unknown or withdrawn one. */
export async function findActiveGift(db: DbOrTx, key: string): Promise<GiftRow | null> {
  const [row] = await db
    .select()
    .from(gifts)
    .where(and(eq(gifts.key, key), eq(gifts.active, true)))
    .limit(1);
  return row ?? null;
}
