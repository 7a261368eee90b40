import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { executeRows } from '../../db/prepared.js';
import {
  activeDays,
  caseNotes,
  companies,
  complaints,
  conversationMembers,
  conversations,
  creditLedger,
  gifts,
  members,
  messages,
  orders,
  photos,
  profiles,
  reports,
  siteSettings,
  staff,
} from '../../db/schema/index.js';
import type { StoredSettings } from '@app/shared';

export type MemberRow = typeof members.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type ComplaintRow = typeof complaints.$inferSelect;
export type CaseNoteRow = typeof caseNotes.$inferSelect;

const day = (column: SQL | typeof members.signupDate) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Counts per UTC day since `from` (the dashboard). Each reads one index range. */
export async function dailyCounts(db: DbOrTx, from: Date) {
  const fromDay = from.toISOString().slice(0, 10);
  const [signups, active, sent, completed, firsts] = await Promise.all([
    db
      .select({ day: day(members.signupDate), n: sql<number>`count(*)::int` })
      .from(members)
      .where(and(sql`${members.signupDate} >= ${from.toISOString()}`, eq(members.fictional, false)))
      .groupBy(sql`1`),
    db
      .select({ day: sql<string>`${activeDays.day}::text`, n: sql<number>`count(*)::int` })
      .from(activeDays)
      .where(sql`${activeDays.day} >= ${fromDay}`)
      .groupBy(activeDays.day),
    db
      .select({ day: day(sql`${messages.createdAt}`), n: sql<number>`count(*)::int` })
      .from(messages)
      .where(sql`${messages.createdAt} >= ${from.toISOString()}`)
      .groupBy(sql`1`),
    db
      .select({
        day: day(sql`${orders.completedAt}`),
        currency: orders.currency,
        n: sql<number>`count(*)::int`,
        amount: sql<number>`sum(${orders.amount})::int`,
      })
      .from(orders)
      .where(and(sql`${orders.completedAt} >= ${from.toISOString()}`, eq(orders.status, 'completed')))
      .groupBy(sql`1`, orders.currency),
    // A member's first completed order: the day they became premium.
    executeRows<{ day: string; n: number }>(
      db,
      sql`
      select to_char(first_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
      from (select min(${orders.completedAt}) as first_at from ${orders}
            where ${orders.status} = 'completed' group by ${orders.memberId}) firsts
      where first_at >= ${from.toISOString()} group by 1`,
    ),
  ]);
  return { signups, active, sent, completed, firsts };
}

export async function dashboardTotals(db: DbOrTx) {
  const [row] = await executeRows<{
    members: number;
    premium: number;
    reports: number;
    complaints: number;
    held_messages: number;
    held_abouts: number;
    inbox: number;
  }>(
    db,
    sql`
    select
      (select count(*)::int from ${members} where not ${members.fictional} and ${members.deletedAt} is null) as members,
      (select count(*)::int from ${members} where ${members.paidUser} and ${members.deletedAt} is null) as premium,
      (select count(*)::int from ${reports} where ${reports.status} <> 'resolved') as reports,
      (select count(*)::int from ${complaints} where ${complaints.status} <> 'resolved') as complaints,
      (select count(*)::int from ${messages} where ${messages.heldReason} is not null) as held_messages,
      (select count(*)::int from ${profiles} where ${profiles.aboutHeld} is not null) as held_abouts,
      (select count(*)::int from ${conversationMembers} cm join ${members} f on f.id = cm.member_id
        where cm.unread_count > 0 and f.fictional) as inbox`,
  );
  if (!row) throw new Error('dashboard totals returned no row');
  return row;
}

const summaryColumns = {
  member: members,
  name: profiles.name,
  country: profiles.country,
  thumb: sql<
    string | null
  >`(select ${photos.thumbFilename} from ${photos} where ${photos.memberId} = ${members.id} and ${photos.isMain} limit 1)`,
};

/**
 * The console's member search: an id, an e-mail (or part of it), or the start of a profile
 * name; newest accounts first, paged by id. Staff-only and rare, so a partial e-mail may scan.
 */
export async function searchMembers(db: DbOrTx, q: string, before: number | undefined, limit: number) {
  const conditions: SQL[] = [];
  if (before) conditions.push(lt(members.id, before));
  const term = q.trim();
  if (/^\d+$/.test(term)) {
    // A number past the ids we hand out names no member; PostgreSQL would fail casting it to bigint.
    conditions.push(Number.isSafeInteger(Number(term)) ? eq(members.id, Number(term)) : sql`false`);
  } else if (term.includes('@')) conditions.push(ilike(members.email, `%${escapeLike(term)}%`));
  else if (term)
    conditions.push(or(ilike(profiles.name, `${escapeLike(term)}%`), ilike(members.email, `${escapeLike(term)}%`))!);
  return db
    .select(summaryColumns)
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(members.id))
    .limit(limit);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function findMemberDetail(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...summaryColumns, profile: profiles })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, id))
    .limit(1);
  if (!row) return null;
  const [memberPhotos, memberOrders, ledger, against, memberComplaints] = await Promise.all([
    db.select().from(photos).where(eq(photos.memberId, id)).orderBy(asc(photos.position)),
    db.select().from(orders).where(eq(orders.memberId, id)).orderBy(desc(orders.id)).limit(50),
    db.select().from(creditLedger).where(eq(creditLedger.memberId, id)).orderBy(desc(creditLedger.id)).limit(50),
    db.select().from(reports).where(eq(reports.memberId, id)).orderBy(desc(reports.createdAt)).limit(50),
    db.select().from(complaints).where(eq(complaints.memberId, id)).orderBy(desc(complaints.id)).limit(50),
  ]);
  return { ...row, photos: memberPhotos, orders: memberOrders, ledger, against, complaints: memberComplaints };
}

/** Whether a member with this id exists (deleted or not): one primary-key probe. */
export async function memberExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.id, id)).limit(1);
  return row !== undefined;
}

export async function setBan(db: DbOrTx, memberId: number, ban: { at: Date; reason: string } | null): Promise<void> {
  await db
    .update(members)
    .set({ bannedAt: ban?.at ?? null, banReason: ban?.reason ?? null })
    .where(eq(members.id, memberId));
}

export async function setShadowBan(
  db: DbOrTx,
  memberId: number,
  ban: { at: Date; reason: string } | null,
): Promise<void> {
  await db
    .update(members)
    .set({ shadowBannedAt: ban?.at ?? null, shadowBanReason: ban?.reason ?? null })
    .where(eq(members.id, memberId));
}

export async function listReports(db: DbOrTx, status: string, limit: number) {
  return db
    .select({ report: reports, name: profiles.name })
    .from(reports)
    .leftJoin(profiles, eq(profiles.memberId, reports.memberId))
    .where(status === 'all' ? undefined : eq(reports.status, status as ReportRow['status']))
    .orderBy(asc(reports.createdAt))
    .limit(limit);
}

export async function listComplaints(db: DbOrTx, status: string, limit: number) {
  return db
    .select({ complaint: complaints, name: profiles.name })
    .from(complaints)
    .leftJoin(profiles, eq(profiles.memberId, complaints.memberId))
    .where(status === 'all' ? undefined : eq(complaints.status, status as ComplaintRow['status']))
    .orderBy(asc(complaints.createdAt))
    .limit(limit);
}

export async function findReport(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ report: reports, name: profiles.name })
    .from(reports)
    .leftJoin(profiles, eq(profiles.memberId, reports.memberId))
    .where(eq(reports.id, id))
    .limit(1);
  return row ?? null;
}

export async function findComplaint(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ complaint: complaints, name: profiles.name })
    .from(complaints)
    .leftJoin(profiles, eq(profiles.memberId, complaints.memberId))
    .where(eq(complaints.id, id))
    .limit(1);
  return row ?? null;
}

export async function listCaseNotes(db: DbOrTx, kind: 'report' | 'complaint', id: number): Promise<CaseNoteRow[]> {
  return db
    .select()
    .from(caseNotes)
    .where(kind === 'report' ? eq(caseNotes.reportId, id) : eq(caseNotes.complaintId, id))
    .orderBy(asc(caseNotes.id));
}

export async function insertCaseNote(
  db: DbOrTx,
  values: { kind: 'report' | 'complaint'; id: number; staffId: number; staffName: string; body: string },
): Promise<void> {
  await db.insert(caseNotes).values({
    reportId: values.kind === 'report' ? values.id : null,
    complaintId: values.kind === 'complaint' ? values.id : null,
    staffId: values.staffId,
    staffName: values.staffName,
    body: values.body,
  });
}

export async function setCaseStatus(
  db: DbOrTx,
  kind: 'report' | 'complaint',
  id: number,
  status: ReportRow['status'],
): Promise<boolean> {
  const rows =
    kind === 'report'
      ? await db
          .update(reports)
          .set({ status, updatedAt: new Date() })
          .where(eq(reports.id, id))
          .returning({ id: reports.id })
      : await db.update(complaints).set({ status }).where(eq(complaints.id, id)).returning({ id: complaints.id });
  return rows.length === 1;
}

/** A reported message with up to `around` messages either side, oldest first. */
export async function messageContext(db: DbOrTx, messageId: number, around: number) {
  const [target] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!target) return [];
  const [before, after] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, target.conversationId), sql`${messages.id} <= ${messageId}`))
      .orderBy(desc(messages.id))
      .limit(around + 1),
    db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, target.conversationId), sql`${messages.id} > ${messageId}`))
      .orderBy(asc(messages.id))
      .limit(around),
  ]);
  return [...before.reverse(), ...after];
}

const fictionalSide = aliasedTable(members, 'fictional_side');

/**
 * Conversations of site-run profiles with messages the profile has not read: the moderators'
 * inbox, longest waiting first (conversation_members_unread_idx).
 */
export async function listInbox(db: DbOrTx, limit: number) {
  return db
    .select({
      conversationId: conversationMembers.conversationId,
      fictionalId: conversationMembers.memberId,
      waiting: conversationMembers.unreadCount,
      lastMessageAt: conversationMembers.lastMessageAt,
      memberId:
        sql<number>`case when ${conversations.memberLowId} = ${conversationMembers.memberId} then ${conversations.memberHighId} else ${conversations.memberLowId} end`.mapWith(
          Number,
        ),
    })
    .from(conversationMembers)
    .innerJoin(
      fictionalSide,
      and(eq(fictionalSide.id, conversationMembers.memberId), eq(fictionalSide.fictional, true)),
    )
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(sql`${conversationMembers.unreadCount} > 0`)
    .orderBy(asc(conversationMembers.lastMessageAt))
    .limit(limit);
}

/** The two sides of a conversation, the site-run one first; null unless exactly one is site-run. */
export async function findSiteProfileConversation(db: DbOrTx, conversationId: number) {
  const rows = await db
    .select({ memberId: conversationMembers.memberId, fictional: members.fictional })
    .from(conversationMembers)
    .innerJoin(members, eq(members.id, conversationMembers.memberId))
    .where(eq(conversationMembers.conversationId, conversationId));
  const fictional = rows.filter((r) => r.fictional);
  const real = rows.filter((r) => !r.fictional);
  if (fictional.length !== 1 || real.length !== 1) return null;
  return { fictionalId: fictional[0]!.memberId, memberId: real[0]!.memberId };
}

export async function lastMessages(db: DbOrTx, conversationIds: number[]) {
  if (conversationIds.length === 0) return [];
  return db
    .selectDistinctOn([messages.conversationId], {
      conversationId: messages.conversationId,
      body: messages.body,
      kind: messages.kind,
    })
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(messages.conversationId, desc(messages.id));
}

export async function threadMessages(db: DbOrTx, conversationId: number, limit: number) {
  const rows = await db
    .select({ message: messages, giftName: gifts.name, staffName: staff.name })
    .from(messages)
    .leftJoin(gifts, eq(gifts.key, messages.giftKey))
    .leftJoin(staff, eq(staff.id, messages.staffId))
    .where(and(eq(messages.conversationId, conversationId), isNull(messages.heldReason)))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

export async function profileCards(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: members.id,
      domain: members.domain,
      signupDate: members.signupDate,
      paidUser: members.paidUser,
      credits: members.credits,
      profile: profiles,
      thumb: summaryColumns.thumb,
    })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(inArray(members.id, ids));
}

export async function listHeldMessages(db: DbOrTx, limit: number) {
  return db
    .select({ message: messages, name: profiles.name, conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(profiles, eq(profiles.memberId, messages.senderId))
    .where(isNotNull(messages.heldReason))
    .orderBy(asc(messages.id))
    .limit(limit);
}

export async function listHeldAbouts(db: DbOrTx, limit: number) {
  return db
    .select({ memberId: profiles.memberId, name: profiles.name, about: profiles.about, held: profiles.aboutHeld })
    .from(profiles)
    .where(isNotNull(profiles.aboutHeld))
    .limit(limit);
}

export async function listSites(db: DbOrTx) {
  return db
    .select({ site: siteSettings, companyName: companies.name })
    .from(siteSettings)
    .innerJoin(companies, eq(companies.id, siteSettings.companyId))
    .orderBy(desc(siteSettings.isDefault), asc(siteSettings.id));
}

export async function updateSiteSettings(db: DbOrTx, id: number, settings: StoredSettings, at: Date) {
  const [row] = await db
    .update(siteSettings)
    .set({ settings, updatedAt: at })
    .where(eq(siteSettings.id, id))
    .returning({ id: siteSettings.id });
  return row ?? null;
}
