import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@app/shared';
import { buildMember, passwordHash } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import {
  STAFF_PASSWORD,
  createStaff as createStaffRow,
  staffSession as openStaffSession,
  staffCookieOf,
} from '../../../test/staff.js';
import { auditLog, bannedEmails, complaints, creditLedger, reports } from '../../db/schema/index.js';
import { totpCode, totpStep } from './totp.js';

let t: TestApp;
let clock = new Date('2026-11-25T12:00:00Z');

beforeAll(async () => {
  // Many logins from one address: the login rate limit would stop them, not what is tested here.
  t = await buildTestApp({ rateLimitScale: 100 }, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

/** A staff account of `role` in this file's database. */
const createStaff = (role: StaffRole) => createStaffRow(t, role);

function login(email: string, password = STAFF_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/admin/login.php', headers: XHR, payload: { email, password } });
}

function secondStep(cookie: string, payload: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/admin/totp.php', headers: { ...XHR, cookie }, payload });
}

/** Enrols and logs in a new staff member of `role` at this file's clock. */
const staffSession = (role: StaffRole) => openStaffSession(t, role, clock);

function call(cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });
}

describe('staff login', () => {
  it('enrols an authenticator at the first login, then needs a code every time', async () => {
    const row = await createStaff('admin');
    const first = await login(row.email);
    expect(first.statusCode).toBe(200);
    const enrol = first.json();
    expect(enrol.step).toBe('enroll');
    expect(enrol.otpauth_url).toContain(`secret=${enrol.secret}`);
    const pending = staffCookieOf(first);

    // The pending session opens nothing but the second step.
    expect((await call(pending, 'GET', '/api/admin/me.php')).json().error).toBe('staff_authentication_required');
    const wrong = await secondStep(pending, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('totp_invalid');

    const ok = await secondStep(pending, { code: totpCode(enrol.secret, totpStep(clock)) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().staff).toEqual({ id: row.id, email: row.email, name: row.name, role: 'admin' });
    expect(ok.json().recovery_codes).toHaveLength(10);
    expect((await call(pending, 'GET', '/api/admin/me.php')).json().staff.role).toBe('admin');

    const again = await login(row.email);
    expect(again.json()).toEqual({ step: 'totp' });
    // The code just used cannot be replayed, the next one works.
    const replay = await secondStep(staffCookieOf(again), { code: totpCode(enrol.secret, totpStep(clock)) });
    expect(replay.json().error).toBe('totp_invalid');
    clock = new Date(clock.getTime() + 30_000);
    const next = await secondStep(staffCookieOf(again), { code: totpCode(enrol.secret, totpStep(clock)) });
    expect(next.statusCode).toBe(200);
    expect(next.json().recovery_codes).toBeUndefined();
    // The earlier console session ended with the new login.
    expect((await call(pending, 'GET', '/api/admin/me.php')).statusCode).toBe(403);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.staffId, row.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['staff.enroll', 'staff.login']);
  });

  it('takes a recovery code once instead of the authenticator', async () => {
    const { row, recoveryCodes } = await staffSession('support');
    const code = recoveryCodes[0]!;
    const res = await login(row.email);
    const used = await secondStep(staffCookieOf(res), { recovery_code: code.toLowerCase() });
    expect(used.statusCode).toBe(200);
    const res2 = await login(row.email);
    expect((await secondStep(staffCookieOf(res2), { recovery_code: code })).json().error).toBe('totp_invalid');
  });

  it('refuses a wrong password alike for unknown addresses, and locks after five failures', async () => {
    const row = await createStaff('moderator');
    expect((await login('nobody@example.test')).json().error).toBe('staff_login_failed');
    for (let i = 0; i < 4; i++) expect((await login(row.email, 'wrong-password')).statusCode).toBe(400);
    const locked = await login(row.email, 'wrong-password');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error).toBe('account_locked');
    expect((await login(row.email)).statusCode).toBe(423);
  });

  it('never lets a member session into the console', async () => {
    const { member } = await buildMember(t.db);
    const res = await call(await loginCookie(t.db, member.id), 'GET', '/api/admin/dashboard.php');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('staff_authentication_required');
  });
});

describe('role permissions', () => {
  it('keeps settings and the audit log to admins', async () => {
    for (const role of ['moderator', 'support'] as const) {
      const { cookie } = await staffSession(role);
      expect((await call(cookie, 'GET', '/api/admin/sites.php')).json().error).toBe('permission_denied');
      expect((await call(cookie, 'GET', '/api/admin/audit.php')).statusCode).toBe(403);
      expect((await call(cookie, 'GET', '/api/admin/dashboard.php')).statusCode).toBe(200);
      expect((await call(cookie, 'GET', '/api/admin/members.php?q=')).statusCode).toBe(200);
    }
  });

  it('keeps conversations and bans from support, credits and complaints from moderators', async () => {
    const { member } = await buildMember(t.db);
    const support = await staffSession('support');
    expect((await call(support.cookie, 'GET', '/api/admin/inbox.php')).json().error).toBe('permission_denied');
    expect((await call(support.cookie, 'GET', '/api/admin/cases.php?kind=report')).statusCode).toBe(403);
    expect((await call(support.cookie, 'GET', '/api/admin/held.php')).statusCode).toBe(403);
    expect(
      (
        await call(support.cookie, 'POST', '/api/admin/member-status.php', {
          member_id: member.id,
          action: 'ban',
          reason: 'spam',
        })
      ).statusCode,
    ).toBe(403);
    const moderator = await staffSession('moderator');
    expect(
      (
        await call(moderator.cookie, 'POST', '/api/admin/member-credits.php', {
          member_id: member.id,
          delta: 5,
          reason: 'goodwill',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(moderator.cookie, 'GET', '/api/admin/cases.php?kind=complaint')).statusCode).toBe(403);
    expect((await call(moderator.cookie, 'GET', '/api/admin/inbox.php')).statusCode).toBe(200);
  });
});

describe('settings', () => {
  it('changes message_credits for the site at once, audited; refuses an invalid value', async () => {
    const { cookie, row } = await staffSession('admin');
    const { sites } = (await call(cookie, 'GET', '/api/admin/sites.php')).json();
    const site = sites[0];
    const before = site.settings.message_credits;

    const invalid = await call(cookie, 'PUT', '/api/admin/site.php', {
      id: site.id,
      settings: { ...site.settings, message_credits: -1 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toHaveProperty(['settings.message_credits']);

    const saved = await call(cookie, 'PUT', '/api/admin/site.php', {
      id: site.id,
      settings: { ...site.settings, message_credits: before + 7 },
    });
    expect(saved.statusCode).toBe(200);
    const live = (await t.app.inject({ method: 'GET', url: '/api/settings.php' })).json();
    expect(live.settings.message_credits).toBe(before + 7);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, row.id), eq(auditLog.action, 'site.settings')));
    expect(entry!.details).toMatchObject({ changed: { message_credits: { from: before, to: before + 7 } } });
    const audit = (await call(cookie, 'GET', `/api/admin/audit.php?staff_id=${row.id}`)).json();
    expect(audit.entries[0].action).toBe('site.settings');
  });

  it('keeps the members’ texts per language: an English text changes English only, clearing it brings the default back', async () => {
    const { cookie } = await staffSession('admin');
    const site = (await call(cookie, 'GET', '/api/admin/sites.php'))
      .json()
      .sites.find((s: { domain: string }) => s.domain === 'localhost');
    const texts = (locale: string) =>
      t.app.inject({ method: 'GET', url: `/api/settings.php?locale=${locale}` }).then((res) => res.json().settings);
    expect(site.settings.fictional_plural).toEqual({ nl: 'fictieve profielen' });

    const saved = await call(cookie, 'PUT', '/api/admin/site.php', {
      id: site.id,
      settings: { ...site.settings, fictional_plural: { ...site.settings.fictional_plural, en: 'made-up profiles' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().site.settings.fictional_plural).toEqual({ nl: 'fictieve profielen', en: 'made-up profiles' });
    expect((await texts('en')).fictional_plural).toBe('made-up profiles');
    expect((await texts('nl')).fictional_plural).toBe('fictieve profielen');
    expect((await texts('fr')).fictional_plural).toBe('profils fictifs');

    for (const fictional_plural of [{ en: '  ' }, { xx: 'profiles' }, 'fictieve profielen']) {
      const refused = await call(cookie, 'PUT', '/api/admin/site.php', {
        id: site.id,
        settings: { ...site.settings, fictional_plural },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().fields)[0]).toMatch(/^settings\.fictional_plural/);
    }

    await call(cookie, 'PUT', '/api/admin/site.php', { id: site.id, settings: site.settings });
    expect((await texts('en')).fictional_plural).toBe('fictional profiles');
  });
});

describe('members', () => {
  it('finds a member by id, e-mail or name and shows the record', async () => {
    const { member, profile } = await buildMember(t.db, { profile: { name: 'Findable' } });
    const { cookie } = await staffSession('support');
    for (const q of [String(member.id), member.email.toUpperCase(), 'Findab']) {
      const found = (await call(cookie, 'GET', `/api/admin/members.php?q=${encodeURIComponent(q)}`)).json();
      expect(found.members.map((m: { id: number }) => m.id)).toContain(member.id);
    }
    const detail = (await call(cookie, 'GET', `/api/admin/member.php?id=${member.id}`)).json().member;
    expect(detail).toMatchObject({ id: member.id, name: profile.name, moderation: 'active', credits: member.credits });
  });

  it('adjusts credits through the ledger, never below zero', async () => {
    const { member } = await buildMember(t.db, { member: { credits: 10 } });
    const { cookie } = await staffSession('support');
    const added = await call(cookie, 'POST', '/api/admin/member-credits.php', {
      member_id: member.id,
      delta: 25,
      reason: 'goodwill',
    });
    expect(added.json()).toEqual({ balance: 35 });
    const refused = await call(cookie, 'POST', '/api/admin/member-credits.php', {
      member_id: member.id,
      delta: -36,
      reason: 'too much',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('insufficient_credits');
    const ledger = await t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.memberId, member.id))
      .orderBy(asc(creditLedger.id));
    expect(ledger.map((l) => [l.reason, l.delta, l.balanceAfter])).toEqual([
      ['seed', 10, 10],
      ['adjustment', 25, 35],
    ]);
  });

  it('bans: sessions end, login answers the reason, the mailbox cannot sign up; unban lifts it', async () => {
    const { member } = await buildMember(t.db, { member: { passwordHash: await passwordHash('member-pass-1') } });
    const memberCookie = await loginCookie(t.db, member.id);
    const { cookie } = await staffSession('moderator');
    const banned = await call(cookie, 'POST', '/api/admin/member-status.php', {
      member_id: member.id,
      action: 'ban',
      reason: 'Oplichting',
    });
    expect(banned.json().member.moderation).toBe('banned');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: memberCookie } })).json().user,
    ).toBeNull();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: XHR,
      payload: { email: member.email, password: 'member-pass-1' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'account_banned', message: 'Je account is geblokkeerd: Oplichting' });
    expect(await t.db.select().from(bannedEmails).where(eq(bannedEmails.emailKey, member.emailKey!))).toHaveLength(1);

    await call(cookie, 'POST', '/api/admin/member-status.php', {
      member_id: member.id,
      action: 'unban',
      reason: 'Mistake',
    });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: XHR,
      payload: { email: member.email, password: 'member-pass-1' },
    });
    expect(back.statusCode).toBe(200);
    expect(await t.db.select().from(bannedEmails).where(eq(bannedEmails.emailKey, member.emailKey!))).toHaveLength(0);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'member'), eq(auditLog.targetId, String(member.id))))
      .orderBy(desc(auditLog.id));
    expect(actions.map((a) => a.action)).toEqual(['member.unban', 'member.ban']);
  });
});

describe('site-run profiles inbox', () => {
  it("shows a member's message to a site-run profile and delivers the moderator's answer", async () => {
    const { member: fictional } = await buildMember(t.db, { member: { fictional: true }, profile: { name: 'Lotte' } });
    const { member } = await buildMember(t.db, { member: { paidUser: true, credits: 500 } });
    const memberCookie = await loginCookie(t.db, member.id);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: { ...XHR, cookie: memberCookie },
      payload: { member_id: fictional.id, body: 'Hoi Lotte, hoe gaat het?' },
    });
    expect(sent.statusCode).toBe(200);
    const conversationId = sent.json().message.conversation_id;

    const { cookie } = await staffSession('moderator');
    const inbox = (await call(cookie, 'GET', '/api/admin/inbox.php')).json();
    const thread = inbox.threads.find((th: { conversation_id: number }) => th.conversation_id === conversationId);
    expect(thread).toMatchObject({
      fictional: { id: fictional.id, name: 'Lotte' },
      member: { id: member.id },
      waiting: 1,
    });

    const view = (await call(cookie, 'GET', `/api/admin/inbox-thread.php?conversation_id=${conversationId}`)).json();
    expect(view.messages.map((m: { body: string; from_fictional: boolean }) => [m.body, m.from_fictional])).toEqual([
      ['Hoi Lotte, hoe gaat het?', false],
    ]);

    const reply = await call(cookie, 'POST', '/api/admin/inbox-reply.php', {
      conversation_id: conversationId,
      body: 'Goed hoor!',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toMatchObject({
      from_fictional: true,
      body: 'Goed hoor!',
      staff_name: 'moderator tester',
    });

    const chat = (
      await t.app.inject({
        method: 'GET',
        url: `/api/chat.php?id=${conversationId}`,
        headers: { cookie: memberCookie },
      })
    ).json();
    expect(chat.messages.map((m: { body: string }) => m.body)).toContain('Goed hoor!');
    const after = (await call(cookie, 'GET', '/api/admin/inbox.php')).json();
    expect(after.threads.some((th: { conversation_id: number }) => th.conversation_id === conversationId)).toBe(false);
  });

  it('refuses a conversation between two real members', async () => {
    const a = await buildMember(t.db, { member: { paidUser: true, credits: 500 } });
    const b = await buildMember(t.db);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: { ...XHR, cookie: await loginCookie(t.db, a.member.id) },
      payload: { member_id: b.member.id, body: 'Hallo daar' },
    });
    const { cookie } = await staffSession('admin');
    const conversationId = sent.json().message.conversation_id;
    expect(
      (await call(cookie, 'GET', `/api/admin/inbox-thread.php?conversation_id=${conversationId}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(cookie, 'POST', '/api/admin/inbox-reply.php', { conversation_id: conversationId, body: 'Nee' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('cases queue', () => {
  it('lists reports for moderators and complaints for support, with notes and states', async () => {
    const reporter = await buildMember(t.db);
    const reported = await buildMember(t.db, { profile: { name: 'Scammer' } });
    const [report] = await t.db
      .insert(reports)
      .values({ reporterId: reporter.member.id, memberId: reported.member.id, reason: 'scam', note: 'Vraagt om geld' })
      .returning();
    const [complaint] = await t.db
      .insert(complaints)
      .values({
        domain: 'localhost',
        language: 'nl',
        name: 'Jan',
        email: 'jan@example.test',
        topic: 'payment',
        message: 'Dubbel betaald voor credits',
      })
      .returning();

    const moderator = await staffSession('moderator');
    const queue = (await call(moderator.cookie, 'GET', '/api/admin/cases.php')).json().cases;
    expect(queue.some((c: { kind: string; id: number }) => c.kind === 'report' && c.id === report!.id)).toBe(true);
    expect(queue.some((c: { kind: string }) => c.kind === 'complaint')).toBe(false);
    const updated = await call(moderator.cookie, 'POST', '/api/admin/case.php', {
      kind: 'report',
      id: report!.id,
      status: 'resolved',
      note: 'Lid geblokkeerd',
    });
    expect(updated.json().case).toMatchObject({
      status: 'resolved',
      member_name: 'Scammer',
      notes: [{ body: 'Lid geblokkeerd' }],
    });
    expect(
      (await call(moderator.cookie, 'GET', `/api/admin/case.php?kind=complaint&id=${complaint!.id}`)).statusCode,
    ).toBe(403);

    const support = await staffSession('support');
    const supportQueue = (await call(support.cookie, 'GET', '/api/admin/cases.php')).json().cases;
    expect(supportQueue.every((c: { kind: string }) => c.kind === 'complaint')).toBe(true);
    expect(supportQueue.some((c: { id: number }) => c.id === complaint!.id)).toBe(true);
  });
});

describe('dashboard', () => {
  it('counts per day and totals', async () => {
    await buildMember(t.db, { member: { signupDate: clock } });
    const { cookie } = await staffSession('admin');
    const res = (await call(cookie, 'GET', '/api/admin/dashboard.php?days=7')).json();
    expect(res.days).toHaveLength(7);
    const today = res.days[6];
    expect(today.day).toBe(clock.toISOString().slice(0, 10));
    expect(today.signups).toBeGreaterThanOrEqual(1);
    expect(res.totals.members).toBeGreaterThanOrEqual(1);
  });
});
