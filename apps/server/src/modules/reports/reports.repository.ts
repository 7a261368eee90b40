import { and, countDistinct, eq, isNull, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conversations, members, messages, reports } from '../../db/schema/index.js';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;

/** What the automatic shadow-ban rule reads of a reported member. */
export interface ReportedMember {
  id: number;
  fictional: boolean;
  signupDate: Date;
  shadowBannedAt: Date | null;
}

/**
 * A member that exists and is not deleted, locked for the rest of the transaction: reports
 * about one member are taken one at a time, so neither the duplicate check nor the count of
 * reporters can miss a concurrent report.
 */
export async function lockReportedMember(tx: DbOrTx, memberId: number): Promise<ReportedMember | null> {
  const [row] = await tx
    .select({
      id: members.id,
      fictional: members.fictional,
      signupDate: members.signupDate,
      shadowBannedAt: members.shadowBannedAt,
    })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .for('update');
  return row ?? null;
}

/**
 * Whether `messageId` is a message `senderId` sent to `recipientId` that the recipient could
 * see: in their conversation, and not held back for review (a held message only shows to its
 * sender).
 */
export async function isMessageFromTo(
  db: DbOrTx,
  messageId: number,
  senderId: number,
  recipientId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.senderId, senderId),
        isNull(messages.heldReason),
        or(
          and(eq(conversations.memberLowId, senderId), eq(conversations.memberHighId, recipientId)),
          and(eq(conversations.memberLowId, recipientId), eq(conversations.memberHighId, senderId)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The reporter's open report about this member and message (null: about the profile), if any. */
export async function findOpenReport(
  db: DbOrTx,
  reporterId: number,
  memberId: number,
  messageId: number | null,
): Promise<ReportRow | null> {
  const [row] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.memberId, memberId),
        messageId === null ? isNull(reports.messageId) : eq(reports.messageId, messageId),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Stores a report; its status starts as the table's default, 'open'. */
export async function insertReport(db: DbOrTx, values: NewReport): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  return row!;
}

/** How many distinct members have an open report about this member. */
export async function countOpenReporters(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ reporters: countDistinct(reports.reporterId) })
    .from(reports)
    .where(and(eq(reports.memberId, memberId), eq(reports.status, 'open'), isNotNull(reports.reporterId)));
  return row?.reporters ?? 0;
}

/** Shadow-bans a member unless they already are (a staff reason is never overwritten). */
export async function setShadowBan(db: DbOrTx, memberId: number, at: Date, reason: string): Promise<void> {
  await db
    .update(members)
    .set({ shadowBannedAt: at, shadowBanReason: reason })
    .where(and(eq(members.id, memberId), isNull(members.shadowBannedAt)));
}
