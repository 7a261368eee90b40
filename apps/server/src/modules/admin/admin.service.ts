import type { FastifyBaseLogger } from 'fastify';
import {
  emailKey,
  staffCan,
  type AdminMemberDetail,
  type AdminMemberStatusBody,
  type AdminMemberVisitsResponse,
  type AdminSite,
  type AdminSiteBody,
  type CaseDetail,
  type CaseSummary,
  type CaseUpdateBody,
  type DashboardResponse,
  type HeldContentResponse,
  type HeldDecisionBody,
  type InboxMessage,
  type InboxResponse,
  type InboxThreadResponse,
  type StoredSettings,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { CREDITS_CHANNEL, publishEvent } from '../../platform/bus/events.js';
import type { Bus } from '../../platform/bus/index.js';
import { mediaUrl } from '../../platform/storage/index.js';
import type { Sessions } from '../../plugins/session.js';
import type { AccountSettingsService } from '../accounts/account-settings.service.js';
import { syncProfileVisibility } from '../directory/directory.repository.js';
import { ageOn } from '../accounts/accounts.rules.js';
import { letBannedMailboxBackIn, shutOutBannedMember, type AccountsService } from '../accounts/accounts.service.js';
import type { ChatService } from '../chat/chat.service.js';
import type { ProfilesService } from '../profiles/profiles.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { SiteData } from '../settings/site-data.js';
import type { VisitsService } from '../visits/visits.service.js';
import {
  dailyCounts,
  dashboardTotals,
  findComplaint,
  findMemberDetail,
  findReport,
  findSiteProfileConversation,
  insertCaseNote,
  lastMessages,
  listCaseNotes,
  listComplaints,
  listHeldAbouts,
  listHeldMessages,
  listInbox,
  listReports,
  listSites,
  memberExists,
  messageContext,
  profileCards,
  searchMembers,
  setBan,
  setCaseStatus,
  setShadowBan,
  threadMessages,
  updateSiteSettings,
} from './admin.repository.js';
import { presentMemberSummary } from './admin.presenter.js';
import { permissionDenied, type StaffActor, type StaffService } from './staff.service.js';
import { adjustCredits } from '../credits/credits.repository.js';

const MEMBER_PAGE = 25;
const QUEUE_LIMIT = 200;
const INBOX_LIMIT = 100;
const THREAD_LIMIT = 200;
const CONTEXT_AROUND = 5;
const EXCERPT_LENGTH = 140;

export interface AdminServiceDeps {
  db: Db;
  bus: Bus;
  /** Announces ended sessions (a ban): every process forgets them, and their live tabs close. */
  sessions: Pick<Sessions, 'ended'>;
  log: FastifyBaseLogger;
  staff: StaffService;
  settings: SettingsService;
  /** Site settings edits clear the caches of every process. */
  siteData: Pick<SiteData, 'changed'>;
  accounts: AccountsService;
  accountSettings: AccountSettingsService;
  chat: ChatService;
  profiles: ProfilesService;
  /** The member view's visitors and visited profiles. */
  visits: Pick<VisitsService, 'forStaff'>;
  now?: () => Date;
}

export type AdminService = ReturnType<typeof createAdminService>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text);

/** The operator console's work on members, cases, site-run profiles, held content and settings. */
export function createAdminService(deps: AdminServiceDeps) {
  const { db, staff, settings, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function cdnPrefix(domain: string): Promise<string> {
    return (await settings.settingsForDomain(domain)).cdn_prefix;
  }

  async function memberDetail(id: number): Promise<AdminMemberDetail> {
    const row = await findMemberDetail(db, id);
    if (!row) throw notFound();
    const m = row.member;
    const prefix = await cdnPrefix(m.domain);
    return {
      ...presentMemberSummary(row, prefix),
      language: m.language,
      ban_reason: m.banReason,
      shadow_ban_reason: m.shadowBanReason,
      deleted_at: iso(m.deletedAt),
      last_active_at: iso(row.profile?.lastActiveAt),
      profile: row.profile
        ? {
            gender: row.profile.gender,
            sexuality: row.profile.sexuality,
            birth_date: row.profile.birthDate,
            city: row.profile.city,
            about: row.profile.about,
            about_held: row.profile.aboutHeld,
            status: row.profile.status,
          }
        : null,
      photos: row.photos.map((p) => ({
        id: p.id,
        url: mediaUrl(prefix, p.filename),
        thumb_url: mediaUrl(prefix, p.thumbFilename),
        is_main: p.isMain,
        review: p.review,
      })),
      orders: row.orders.map((o) => ({
        id: o.id,
        created_at: o.createdAt.toISOString(),
        status: o.status,
        credits: o.credits,
        amount: o.amount,
        currency: o.currency,
        method: o.method,
        provider: o.provider,
      })),
      ledger: row.ledger.map((l) => ({
        id: l.id,
        created_at: l.createdAt.toISOString(),
        delta: l.delta,
        reason: l.reason,
        balance_after: l.balanceAfter,
      })),
      reports_against: row.against.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        reason: r.reason,
        note: r.note,
        status: r.status,
        reporter_id: r.reporterId,
      })),
      complaints: row.complaints.map((c) => ({
        id: c.id,
        created_at: c.createdAt.toISOString(),
        topic: c.topic,
        status: c.status,
      })),
    };
  }

  async function caseDetail(actor: StaffActor, kind: 'report' | 'complaint', id: number): Promise<CaseDetail> {
    if (!staffCan(actor.role, kind === 'report' ? 'reports' : 'complaints')) throw permissionDenied();
    const notes = (await listCaseNotes(db, kind, id)).map((n) => ({
      id: n.id,
      staff_name: n.staffName,
      body: n.body,
      created_at: n.createdAt.toISOString(),
    }));
    if (kind === 'report') {
      const found = await findReport(db, id);
      if (!found) throw notFound();
      const r = found.report;
      const context = r.messageId ? await messageContext(db, r.messageId, CONTEXT_AROUND) : [];
      return {
        kind,
        id: r.id,
        status: r.status,
        created_at: r.createdAt.toISOString(),
        category: r.reason,
        excerpt: excerpt(r.note),
        member_id: r.memberId,
        member_name: found.name,
        text: r.note,
        reporter_id: r.reporterId,
        sender_name: null,
        sender_email: null,
        subject: null,
        context: context.map((m) => ({
          id: m.id,
          sender_id: m.senderId,
          kind: m.kind,
          body: m.body,
          created_at: m.createdAt.toISOString(),
          reported: m.id === r.messageId,
        })),
        notes,
      };
    }
    const found = await findComplaint(db, id);
    if (!found) throw notFound();
    const c = found.complaint;
    return {
      kind,
      id: c.id,
      status: c.status,
      created_at: c.createdAt.toISOString(),
      category: c.topic,
      excerpt: excerpt(c.message),
      member_id: c.memberId,
      member_name: found.name,
      text: c.message,
      reporter_id: null,
      sender_name: c.name,
      sender_email: c.email,
      subject: c.subject,
      context: [],
      notes,
    };
  }

  function inboxProfile(card: Awaited<ReturnType<typeof profileCards>>[number] | undefined, prefix: string) {
    return {
      id: card?.id ?? 0,
      name: card?.profile?.name ?? '',
      thumb_url: card?.thumb ? mediaUrl(prefix, card.thumb) : null,
      country: card?.profile?.country ?? null,
      city: card?.profile?.city ?? null,
      age: card?.profile ? ageOn(card.profile.birthDate, now()) : null,
    };
  }

  return {
    async dashboard(days: number): Promise<DashboardResponse> {
      const today = new Date(now().toISOString().slice(0, 10));
      const from = new Date(today.getTime() - (days - 1) * 86_400_000);
      const [counts, totals] = await Promise.all([dailyCounts(db, from), dashboardTotals(db)]);
      const byDay = new Map<string, DashboardResponse['days'][number]>();
      for (let i = 0; i < days; i++) {
        const day = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
        byDay.set(day, { day, signups: 0, active_members: 0, messages: 0, orders: 0, first_purchases: 0, revenue: {} });
      }
      for (const r of counts.signups) {
        const d = byDay.get(r.day);
        if (d) d.signups = r.n;
      }
      for (const r of counts.active) {
        const d = byDay.get(r.day);
        if (d) d.active_members = r.n;
      }
      for (const r of counts.sent) {
        const d = byDay.get(r.day);
        if (d) d.messages = r.n;
      }
      for (const r of counts.firsts) {
        const d = byDay.get(r.day);
        if (d) d.first_purchases = Number(r.n);
      }
      for (const r of counts.completed) {
        const d = byDay.get(r.day);
        if (!d) continue;
        d.orders += r.n;
        d.revenue[r.currency] = (d.revenue[r.currency] ?? 0) + r.amount;
      }
      return {
        days: [...byDay.values()],
        totals: {
          members: totals.members,
          premium_members: totals.premium,
          open_reports: totals.reports,
          open_complaints: totals.complaints,
          held_content: totals.held_messages + totals.held_abouts,
          inbox_waiting: totals.inbox,
        },
      };
    },

    async members(q: string, before: number | undefined) {
      const rows = await searchMembers(db, q, before, MEMBER_PAGE + 1);
      const page = rows.slice(0, MEMBER_PAGE);
      const result = [];
      for (const row of page) result.push(presentMemberSummary(row, await cdnPrefix(row.member.domain)));
      return {
        members: result,
        next_before: rows.length > MEMBER_PAGE ? (page[page.length - 1]?.member.id ?? null) : null,
      };
    },

    memberDetail,

    /** The member's visitors and the profiles they visited, for the member view. */
    async memberVisits(id: number): Promise<AdminMemberVisitsResponse> {
      if (!(await memberExists(db, id))) throw notFound();
      return deps.visits.forStaff(id);
    },

    /** Credits added or taken with a reason: a ledger row 'adjustment', never below zero. */
    async adjustCredits(actor: StaffActor, memberId: number, delta: number, reason: string): Promise<number> {
      const balance = await db.transaction(async (tx) => {
        const after = await adjustCredits(tx, memberId, delta);
        if (after === null) throw new AppError(400, 'insufficient_credits');
        return after;
      });
      await staff.audit(actor, {
        action: 'member.credits',
        targetType: 'member',
        targetId: memberId,
        details: { delta, reason, balance },
      });
      await publishEvent(deps.bus, CREDITS_CHANNEL, { type: 'credits', member_id: memberId, credits: balance }).catch(
        (err: unknown) => log.error({ err }, 'publishing the new balance failed'),
      );
      return balance;
    },

    /**
     * Ban: the member's sessions end at once (open tabs close), no login works any more, the
     * mailbox cannot sign up again, and the profile disappears. Shadow-ban: the member goes on
     * unaware while nobody sees the profile or gets the messages. Unban lifts both.
     */
    async changeStatus(actor: StaffActor, body: AdminMemberStatusBody): Promise<AdminMemberDetail> {
      const found = await findMemberDetail(db, body.member_id);
      if (!found) throw notFound();
      if (found.member.fictional) throw new AppError(400, 'bad_request');
      const at = now();
      const key = found.member.emailKey ?? emailKey(found.member.email);
      await db.transaction(async (tx) => {
        if (body.action === 'ban') {
          await setBan(tx, body.member_id, { at, reason: body.reason });
          await shutOutBannedMember(tx, { id: body.member_id, emailKey: key }, body.reason);
        } else if (body.action === 'shadow_ban') {
          await setShadowBan(tx, body.member_id, { at, reason: body.reason });
        } else {
          await setBan(tx, body.member_id, null);
          await setShadowBan(tx, body.member_id, null);
          await letBannedMailboxBackIn(tx, key);
        }
        await syncProfileVisibility(tx, body.member_id);
      });
      if (body.action === 'ban') {
        await deps.sessions.ended({ type: 'sessions_ended', member_id: body.member_id, kept_session_id: null });
      }
      await staff.audit(actor, {
        action: `member.${body.action}`,
        targetType: 'member',
        targetId: body.member_id,
        details: { reason: body.reason },
      });
      return memberDetail(body.member_id);
    },

    async resendActivation(actor: StaffActor, memberId: number): Promise<void> {
      const found = await findMemberDetail(db, memberId);
      if (!found) throw notFound();
      await deps.accounts.resendActivation(memberId, { origin: await settings.domainOrigin(found.member.domain) });
      await staff.audit(actor, { action: 'member.resend_activation', targetType: 'member', targetId: memberId });
    },

    async deleteMember(actor: StaffActor, memberId: number, reason: string): Promise<void> {
      const found = await findMemberDetail(db, memberId);
      if (!found || found.member.deletedAt) throw notFound();
      await deps.accountSettings.deleteByStaff(memberId, reason);
      await staff.audit(actor, {
        action: 'member.delete',
        targetType: 'member',
        targetId: memberId,
        details: { reason },
      });
    },

    async cases(actor: StaffActor, status: string, kind: string): Promise<{ cases: CaseSummary[] }> {
      const wantReports = (kind === 'all' || kind === 'report') && staffCan(actor.role, 'reports');
      const wantComplaints = (kind === 'all' || kind === 'complaint') && staffCan(actor.role, 'complaints');
      if (!wantReports && !wantComplaints) throw permissionDenied();
      const [reportRows, complaintRows] = await Promise.all([
        wantReports ? listReports(db, status, QUEUE_LIMIT) : [],
        wantComplaints ? listComplaints(db, status, QUEUE_LIMIT) : [],
      ]);
      const cases: CaseSummary[] = [
        ...reportRows.map(({ report: r, name }) => ({
          kind: 'report' as const,
          id: r.id,
          status: r.status,
          created_at: r.createdAt.toISOString(),
          category: r.reason,
          excerpt: excerpt(r.note),
          member_id: r.memberId,
          member_name: name,
        })),
        ...complaintRows.map(({ complaint: c, name }) => ({
          kind: 'complaint' as const,
          id: c.id,
          status: c.status,
          created_at: c.createdAt.toISOString(),
          category: c.topic,
          excerpt: excerpt(c.message),
          member_id: c.memberId,
          member_name: name,
        })),
      ];
      cases.sort((a, b) => a.created_at.localeCompare(b.created_at));
      return { cases };
    },

    caseDetail,

    async updateCase(actor: StaffActor, body: CaseUpdateBody): Promise<CaseDetail> {
      await caseDetail(actor, body.kind, body.id);
      await db.transaction(async (tx) => {
        if (body.status) await setCaseStatus(tx, body.kind, body.id, body.status);
        if (body.note)
          await insertCaseNote(tx, {
            kind: body.kind,
            id: body.id,
            staffId: actor.id,
            staffName: actor.name,
            body: body.note,
          });
      });
      await staff.audit(actor, {
        action: `${body.kind}.update`,
        targetType: body.kind,
        targetId: body.id,
        details: { ...(body.status ? { status: body.status } : {}), ...(body.note ? { note: true } : {}) },
      });
      return caseDetail(actor, body.kind, body.id);
    },

    async inbox(): Promise<InboxResponse> {
      const rows = await listInbox(db, INBOX_LIMIT);
      const ids = [...new Set(rows.flatMap((r) => [r.fictionalId, r.memberId]))];
      const [cards, lasts] = await Promise.all([
        profileCards(db, ids),
        lastMessages(
          db,
          rows.map((r) => r.conversationId),
        ),
      ]);
      const byId = new Map(cards.map((c) => [c.id, c]));
      const lastBy = new Map(lasts.map((l) => [l.conversationId, l]));
      const threads = [];
      for (const r of rows) {
        const fictional = byId.get(r.fictionalId);
        const prefix = await cdnPrefix(fictional?.domain ?? '');
        const last = lastBy.get(r.conversationId);
        threads.push({
          conversation_id: r.conversationId,
          fictional: inboxProfile(fictional, prefix),
          member: inboxProfile(byId.get(r.memberId), prefix),
          waiting: r.waiting,
          last_message_at: r.lastMessageAt.toISOString(),
          last_body: last ? (last.kind === 'text' ? excerpt(last.body) : `[${last.kind}]`) : '',
        });
      }
      return { threads };
    },

    async thread(conversationId: number): Promise<InboxThreadResponse> {
      const sides = await findSiteProfileConversation(db, conversationId);
      if (!sides) throw notFound();
      const [cards, rows] = await Promise.all([
        profileCards(db, [sides.fictionalId, sides.memberId]),
        threadMessages(db, conversationId, THREAD_LIMIT),
      ]);
      const fictional = cards.find((c) => c.id === sides.fictionalId);
      const member = cards.find((c) => c.id === sides.memberId);
      if (!fictional || !member) throw notFound();
      const prefix = await cdnPrefix(fictional.domain);
      return {
        conversation_id: conversationId,
        fictional: { ...inboxProfile(fictional, prefix), about: fictional.profile?.about ?? '' },
        member: {
          ...inboxProfile(member, prefix),
          about: member.profile?.about ?? '',
          gender: member.profile?.gender ?? '',
          signup_date: member.signupDate.toISOString(),
          paid_user: member.paidUser,
          credits: member.credits,
        },
        messages: rows.map((r): InboxMessage => ({
          id: r.message.id,
          from_fictional: r.message.senderId === sides.fictionalId,
          kind: r.message.kind,
          body: r.message.body,
          gift_key: r.message.giftKey,
          gift_name: r.giftName,
          image_url: r.message.imageThumbKey ? mediaUrl(prefix, r.message.imageThumbKey) : null,
          created_at: r.message.createdAt.toISOString(),
          staff_name: r.staffName,
        })),
      };
    },

    async reply(actor: StaffActor, conversationId: number, body: string): Promise<InboxMessage> {
      const sides = await findSiteProfileConversation(db, conversationId);
      if (!sides) throw notFound();
      const message = await deps.chat.sendAsSiteProfile(sides.fictionalId, conversationId, body, actor.id);
      await staff.audit(actor, {
        action: 'inbox.reply',
        targetType: 'conversation',
        targetId: conversationId,
        details: { message_id: message.id, profile_id: sides.fictionalId },
      });
      return {
        id: message.id,
        from_fictional: true,
        kind: message.kind,
        body: message.body,
        gift_key: null,
        gift_name: null,
        image_url: null,
        created_at: message.createdAt.toISOString(),
        staff_name: actor.name,
      };
    },

    async held(): Promise<HeldContentResponse> {
      const [held, abouts] = await Promise.all([listHeldMessages(db, QUEUE_LIMIT), listHeldAbouts(db, QUEUE_LIMIT)]);
      return {
        messages: held.map(({ message: m, name, conversation: c }) => ({
          id: m.id,
          sender_id: m.senderId,
          sender_name: name,
          recipient_id: c.memberLowId === m.senderId ? c.memberHighId : c.memberLowId,
          body: m.body,
          reason: m.heldReason ?? '',
          created_at: m.createdAt.toISOString(),
        })),
        abouts: abouts.map((a) => ({ member_id: a.memberId, name: a.name, current: a.about, held: a.held ?? '' })),
      };
    },

    async decideHeld(actor: StaffActor, body: HeldDecisionBody): Promise<void> {
      if (body.kind === 'message') {
        if (body.decision === 'release') await deps.chat.releaseHeldMessage(body.id);
        else await deps.chat.dropHeldMessage(body.id);
      } else if (body.decision === 'release') {
        await deps.profiles.releaseHeldAbout(body.id);
      } else {
        await deps.profiles.rejectHeldAbout(body.id);
      }
      await staff.audit(actor, {
        action: `held.${body.kind}.${body.decision}`,
        targetType: body.kind === 'message' ? 'message' : 'member',
        targetId: body.id,
      });
    },

    async sites(): Promise<{ sites: AdminSite[] }> {
      return { sites: (await listSites(db)).map(({ site, companyName }) => presentSite(site, companyName)) };
    },

    /** A whole domain's settings, validated by the route; in use at once in every process. */
    async updateSite(actor: StaffActor, body: AdminSiteBody): Promise<{ site: AdminSite }> {
      const before = (await listSites(db)).find((s) => s.site.id === body.id);
      if (!before) throw notFound();
      const updated = await updateSiteSettings(db, body.id, body.settings, now());
      if (!updated) throw notFound();
      await deps.siteData.changed();
      const changed = changedKeys(before.site.settings, body.settings);
      await staff.audit(actor, {
        action: 'site.settings',
        targetType: 'site',
        targetId: body.id,
        details: {
          domain: before.site.domain,
          changed: Object.fromEntries(changed.map((k) => [k, { from: before.site.settings[k], to: body.settings[k] }])),
        },
      });
      const after = (await listSites(db)).find((s) => s.site.id === body.id)!;
      return { site: presentSite(after.site, after.companyName) };
    },
  };
}

function presentSite(
  site: { id: number; domain: string; isDefault: boolean; settings: StoredSettings; updatedAt: Date },
  companyName: string,
): AdminSite {
  return {
    id: site.id,
    domain: site.domain,
    is_default: site.isDefault,
    company_name: companyName,
    settings: site.settings,
    updated_at: site.updatedAt.toISOString(),
  };
}

/** The settings that differ, for the audit entry. */
export function changedKeys(before: StoredSettings, after: StoredSettings): Array<keyof StoredSettings> {
  return (Object.keys(after) as Array<keyof StoredSettings>).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}
