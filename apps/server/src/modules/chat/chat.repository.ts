import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conversationMembers, conversations, messages, pendingFirstMessages } from '../../db/schema/index.js';

export type MessageRow = typeof messages.$inferSelect;

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
  values: { conversationId: number; senderId: number; body: string; at: Date },
): Promise<MessageRow> {
  const [message] = await db
    .insert(messages)
    .values({
      conversationId: values.conversationId,
      senderId: values.senderId,
      body: values.body,
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
