import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_SHADOW_BAN_REASON, ErrorResponseSchema, REPORT_NOTE_MAX_LENGTH, ReportResponseSchema } from '@app/shared';
import { buildMember } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { conversations, members, messages, profiles, reports } from '../../db/schema/index.js';
import { syncProfileVisibility } from '../directory/directory.repository.js';
import { REPORT_RATE_LIMIT } from './reports.routes.js';

const DAY = 24 * 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** A member logged in, with the cookie to call as them. */
async function reporter() {
  const { member } = await buildMember(t.db);
  return { id: member.id, cookie: await loginCookie(t.db, member.id) };
}

/** A member whose account is `days` old. */
async function memberAged(days: number, overrides: { fictional?: boolean } = {}) {
  const { member } = await buildMember(t.db, {
    member: { signupDate: new Date(Date.now() - days * DAY), ...overrides },
  });
  return member;
}

function report(cookie: string | null, payload: Record<string, unknown>, headers: Record<string, string> = XHR) {
  return t.app.inject({
    method: 'POST',
    url: '/api/report.php',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

async function conversationBetween(a: number, b: number): Promise<number> {
  const [row] = await t.db
    .insert(conversations)
    .values({ memberLowId: Math.min(a, b), memberHighId: Math.max(a, b), startedBy: a })
    .returning();
  return row!.id;
}

async function message(conversationId: number, senderId: number, extra: Partial<typeof messages.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(messages)
    .values({ conversationId, senderId, body: 'Stuur mij je bankgegevens', ...extra })
    .returning();
  return row!.id;
}

/** The member's shadow-ban, and whether others still see the profile (it must follow the ban). */
async function shadowBan(memberId: number) {
  const [row] = await t.db
    .select({ at: members.shadowBannedAt, reason: members.shadowBanReason, profile: profiles.status })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId));
  const { profile, ...ban } = row!;
  expect(profile).toBe(ban.at ? 'disabled' : 'active');
  return ban;
}

async function reportsBy(reporterId: number, memberId: number) {
  return t.db
    .select()
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.memberId, memberId)));
}

describe('POST /api/report.php', () => {
  it('stores a report about a profile and answers its id and status', async () => {
    const me = await reporter();
    const other = await memberAged(30);
    const res = await report(me.cookie, { profile_id: other.id, reason: 'fake', note: '  Foto’s van een model.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = ReportResponseSchema.parse(res.json());
    expect(body.report.status).toBe('open');
    const rows = await reportsBy(me.id, other.id);
    expect(rows).toMatchObject([
      { id: body.report.id, messageId: null, reason: 'fake', note: 'Foto’s van een model.', status: 'open' },
    ]);
  });

  it('stores a report about a message the reported member sent the reporter', async () => {
    const me = await reporter();
    const other = await memberAged(30);
    const messageId = await message(await conversationBetween(me.id, other.id), other.id);
    const res = await report(me.cookie, { profile_id: other.id, message_id: messageId, reason: 'scam' });
    expect(res.statusCode).toBe(200);
    expect(await reportsBy(me.id, other.id)).toMatchObject([{ messageId, reason: 'scam', note: '' }]);
  });

  it('refuses a message of another conversation, one the reporter sent, or one held back, with 404', async () => {
    const me = await reporter();
    const other = await memberAged(30);
    const third = await memberAged(30);
    const ours = await conversationBetween(me.id, other.id);
    const mine = await message(ours, me.id);
    const held = await message(ours, other.id, { heldReason: 'contact_details' });
    const elsewhere = await message(await conversationBetween(other.id, third.id), other.id);
    for (const messageId of [mine, held, elsewhere, 999_999_999]) {
      const res = await report(me.cookie, { profile_id: other.id, message_id: messageId, reason: 'spam' });
      expect(res.statusCode, String(messageId)).toBe(404);
      expect(ErrorResponseSchema.parse(res.json())).toMatchObject({
        error: 'message_not_found',
        message: 'Dit bericht bestaat niet (meer) of is niet aan jou gestuurd.',
      });
    }
    expect(await reportsBy(me.id, other.id)).toEqual([]);
  });

  it('answers a repeat with the open report instead of storing another, per message', async () => {
    const me = await reporter();
    const other = await memberAged(30);
    const messageId = await message(await conversationBetween(me.id, other.id), other.id);
    const first = (await report(me.cookie, { profile_id: other.id, reason: 'harassment' })).json();
    const again = await report(me.cookie, { profile_id: other.id, reason: 'other', note: 'Nog steeds' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    const aboutMessage = await report(me.cookie, { profile_id: other.id, message_id: messageId, reason: 'harassment' });
    expect(aboutMessage.json().report.id).not.toBe(first.report.id);
    expect(await reportsBy(me.id, other.id)).toHaveLength(2);
  });

  it('stores a new report once the earlier one is resolved', async () => {
    const me = await reporter();
    const other = await memberAged(30);
    const first = (await report(me.cookie, { profile_id: other.id, reason: 'spam' })).json();
    await t.db.update(reports).set({ status: 'resolved' }).where(eq(reports.id, first.report.id));
    const second = await report(me.cookie, { profile_id: other.id, reason: 'spam' });
    expect(second.json().report.id).not.toBe(first.report.id);
  });

  it('refuses reporting yourself with 400 cannot_report_self in the member’s language', async () => {
    const me = await reporter();
    const res = await report(me.cookie, { profile_id: me.id, reason: 'fake' }, { ...XHR, 'accept-language': 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'cannot_report_self', message: 'Du kannst dich nicht selbst melden.' });
  });

  it('answers 404 for a member that does not exist or deleted the account', async () => {
    const me = await reporter();
    const deleted = (await buildMember(t.db, { member: { deletedAt: new Date() } })).member;
    for (const id of [deleted.id, 999_999_999]) {
      const res = await report(me.cookie, { profile_id: id, reason: 'fake' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });

  it('validates the reason and the note with per-field texts', async () => {
    const me = await reporter();
    const other = await memberAged(30);
    const missing = await report(me.cookie, { profile_id: other.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'validation_failed', fields: { reason: expect.any(String) } });
    const unknown = await report(me.cookie, { profile_id: other.id, reason: 'boring' });
    expect(unknown.json().fields.reason).toBeTruthy();
    const long = await report(me.cookie, {
      profile_id: other.id,
      reason: 'other',
      note: 'x'.repeat(REPORT_NOTE_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.note).toContain(String(REPORT_NOTE_MAX_LENGTH));
  });

  it('is for members only, and only with the request-type header', async () => {
    const other = await memberAged(30);
    const visitor = await report(null, { profile_id: other.id, reason: 'fake' });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toBe('authentication_required');
    const me = await reporter();
    const crossSite = await report(me.cookie, { profile_id: other.id, reason: 'fake' }, {});
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error).toBe('request_type_required');
  });

  it(`allows ${REPORT_RATE_LIMIT.max} reports per member per hour`, async () => {
    const me = await reporter();
    for (let i = 0; i < REPORT_RATE_LIMIT.max; i++) {
      const other = await memberAged(30);
      expect((await report(me.cookie, { profile_id: other.id, reason: 'spam' })).statusCode).toBe(200);
    }
    const other = await memberAged(30);
    const refused = await report(me.cookie, { profile_id: other.id, reason: 'spam' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    // Another member on the same address still may.
    const someoneElse = await reporter();
    expect((await report(someoneElse.cookie, { profile_id: other.id, reason: 'spam' })).statusCode).toBe(200);
  });
});

describe('the automatic shadow-ban', () => {
  /** Reports `memberId` by `count` distinct new reporters. */
  async function reportedBy(memberId: number, count: number) {
    for (let i = 0; i < count; i++) {
      const me = await reporter();
      expect((await report(me.cookie, { profile_id: memberId, reason: 'scam' })).statusCode).toBe(200);
    }
  }

  it('counts distinct reporters: one member reporting the profile and a message counts once', async () => {
    const suspect = await memberAged(2);
    await reportedBy(suspect.id, 1);
    const twice = await reporter();
    const messageId = await message(await conversationBetween(twice.id, suspect.id), suspect.id);
    await report(twice.cookie, { profile_id: suspect.id, reason: 'scam' });
    await report(twice.cookie, { profile_id: suspect.id, message_id: messageId, reason: 'scam' });
    expect(await shadowBan(suspect.id)).toEqual({ at: null, reason: null });
  });

  it('leaves a new account with two reporters visible, and shadow-bans it at the third', async () => {
    const suspect = await memberAged(6);
    await reportedBy(suspect.id, 2);
    expect(await shadowBan(suspect.id)).toEqual({ at: null, reason: null });
    await reportedBy(suspect.id, 1);
    expect(await shadowBan(suspect.id)).toEqual({ at: expect.any(Date), reason: AUTO_SHADOW_BAN_REASON });
  });

  it('counts open reports only', async () => {
    const suspect = await memberAged(1);
    await reportedBy(suspect.id, 2);
    await t.db.update(reports).set({ status: 'resolved' }).where(eq(reports.memberId, suspect.id));
    await reportedBy(suspect.id, 2);
    expect(await shadowBan(suspect.id)).toEqual({ at: null, reason: null });
  });

  it('never shadow-bans an account older than seven days', async () => {
    const established = await memberAged(8);
    await reportedBy(established.id, 4);
    expect(await shadowBan(established.id)).toEqual({ at: null, reason: null });
  });

  it('never shadow-bans a fictional profile', async () => {
    const fictional = await memberAged(1, { fictional: true });
    await reportedBy(fictional.id, 4);
    expect(await shadowBan(fictional.id)).toEqual({ at: null, reason: null });
  });

  it('keeps a shadow-ban staff set, with their reason', async () => {
    const suspect = await memberAged(1);
    const at = new Date(Date.now() - DAY);
    await t.db.update(members).set({ shadowBannedAt: at, shadowBanReason: 'staff' }).where(eq(members.id, suspect.id));
    await syncProfileVisibility(t.db, suspect.id);
    await reportedBy(suspect.id, 3);
    expect(await shadowBan(suspect.id)).toEqual({ at, reason: 'staff' });
  });
});
