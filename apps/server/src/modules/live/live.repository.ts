import { and, asc, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conversationMembers, gifts, messages, sessions } from '../../db/schema/index.js';
import type { StoredMessage } from '../../db/schema/index.js';

/**
 * The member's messages (sent and received) newer than message `after`, oldest first, at most
 * `limit`. Each of the member's conversations is one short range of messages_conversation_idx
 * (a lateral join, at most `limit` ids each, then their rows by primary key), so the cost follows the member's conversations,
 * never the messages the whole site wrote since `after`.
 */
export async function messagesAfter(
  db: DbOrTx,
  memberId: number,
  after: number,
  limit: number,
): Promise<StoredMessage[]> {
  const missed = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationMembers.conversationId), gt(messages.id, after)))
    .orderBy(asc(messages.id))
    .limit(limit)
    .as('missed');
  const rows = await db
    .select({ message: messages, gift: { key: gifts.key, name: gifts.name, image: gifts.image } })
    .from(conversationMembers)
    .innerJoinLateral(missed, sql`true`)
    .innerJoin(messages, eq(messages.id, missed.id))
    .leftJoin(gifts, eq(gifts.key, messages.giftKey))
    .where(eq(conversationMembers.memberId, memberId))
    .orderBy(asc(messages.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.message, gift: row.gift }));
}

/**
 * The newest message id of the member's conversations, 0 without any: one backward step on
 * messages_conversation_idx per conversation.
 */
export async function newestMessageId(db: DbOrTx, memberId: number): Promise<number> {
  const newest = db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, conversationMembers.conversationId))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('newest');
  const [row] = await db
    .select({ id: max(newest.id) })
    .from(conversationMembers)
    .innerJoinLateral(newest, sql`true`)
    .where(eq(conversationMembers.memberId, memberId));
  return Number(row?.id ?? 0);
}

/** Whether the session (by its id, the token's hash) exists. */
export async function sessionExists(db: DbOrTx, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(eq(sessions.tokenHash, sessionId))
    .limit(1);
  return row !== undefined;
}
