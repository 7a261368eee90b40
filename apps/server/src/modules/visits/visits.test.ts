import { eq, or } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_VISITS_SHOWN,
  AdminMemberVisitsResponseSchema,
  BADGE_CAP,
  LikesResponseSchema,
  VISITORS_PAGE_SIZE,
  VISITS_KEEP_DAYS,
  VisitorsResponseSchema,
  type VisitorsResponse,
} from '@app/shared';
import { buildBlock, buildMember, buildPhoto, mailsTo } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { members, profileVisits } from '../../db/schema/index.js';

/** The app's clock: tests move it. */
const clock = { now: new Date('2026-03-10T12:00:00Z') };
const DAY = 24 * 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ eraseJobIntervalMinutes: 0 }, { now: () => clock.now });
});
afterAll(async () => {
  await t?.close();
});

type Overrides = Parameters<typeof buildMember>[1];

async function member(overrides: Overrides = {}) {
  const built = await buildMember(t.db, overrides);
  return {
    id: built.member.id,
    email: built.member.email,
    name: built.profile.name,
    cookie: await loginCookie(t.db, built.member.id),
  };
}
const premium = (overrides: Overrides = {}) =>
  member({ ...overrides, member: { paidUser: true, ...overrides.member } });

async function view(viewer: { cookie: string }, id: number) {
  return t.app.inject({ method: 'GET', url: `/api/member.php?id=${id}`, headers: { cookie: viewer.cookie } });
}

async function visitorsOf(who: { cookie: string }, query = ''): Promise<VisitorsResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/visitors.php${query}`, headers: { cookie: who.cookie } });
  expect(res.statusCode).toBe(200);
  return VisitorsResponseSchema.parse(res.json());
}

async function newVisitorsBadge(who: { cookie: string }): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/likes.php', headers: { cookie: who.cookie } });
  expect(res.statusCode).toBe(200);
  return LikesResponseSchema.parse(res.json()).new_visitors;
}

const rowsOf = (viewedId: number) => t.db.select().from(profileVisits).where(eq(profileVisits.viewedId, viewedId));

describe('recording visits (GET /api/member.php)', () => {
  it('keeps one row per pair, with the last time and the count', async () => {
    const a = await member();
    const b = await premium();
    expect((await view(a, b.id)).statusCode).toBe(200);
    const first = clock.now;
    clock.now = new Date(first.getTime() + 60_000);
    expect((await view(a, b.id)).statusCode).toBe(200);

    const rows = await rowsOf(b.id);
    expect(rows).toEqual([{ viewedId: b.id, viewerId: a.id, lastAt: clock.now, count: 2 }]);
    const answer = await visitorsOf(b);
    expect(answer.visitors).toEqual([
      expect.objectContaining({ id: a.id, visits: 2, last_visit: clock.now.toISOString(), new: true }),
    ]);
    expect(answer.visitors[0]!.card).toMatchObject({ id: a.id, name: a.name });
  });

  it('records nothing for oneself, an invisible viewer, a site-run viewer or a block either way', async () => {
    const b = await premium();
    const invisible = await member({ member: { invisible: true } });
    const siteRun = await member({ member: { fictional: true } });
    const blocker = await member();
    await buildBlock(t.db, blocker.id, b.id);
    const blocked = await member();
    await buildBlock(t.db, b.id, blocked.id);

    expect((await view(b, b.id)).statusCode).toBe(200);
    expect((await view(invisible, b.id)).statusCode).toBe(200);
    expect((await view(siteRun, b.id)).statusCode).toBe(200);
    // A member one blocked stays viewable (to unblock them there), but leaves no visit.
    expect((await view(blocker, b.id)).statusCode).toBe(200);
    expect((await view(blocked, b.id)).statusCode).toBe(404);

    expect(await rowsOf(b.id)).toEqual([]);
    expect(await t.db.select().from(profileVisits).where(eq(profileVisits.viewerId, b.id))).toEqual([]);
    expect((await visitorsOf(b)).total).toBe(0);
  });

  it('records a visitor by a logged-in member only, not a logged-out visitor', async () => {
    const b = await premium();
    const res = await t.app.inject({ method: 'GET', url: `/api/member.php?id=${b.id}` });
    expect([200, 403]).toContain(res.statusCode);
    expect(await rowsOf(b.id)).toEqual([]);
  });
});

describe('GET /api/visitors.php', () => {
  it('lists only visitors the member may still find: not those who went invisible, blocked or were blocked', async () => {
    const b = await premium();
    const [stays, goesInvisible, blocksB, blockedByB] = await Promise.all([member(), member(), member(), member()]);
    for (const v of [stays, goesInvisible, blocksB, blockedByB]) expect((await view(v, b.id)).statusCode).toBe(200);
    await t.db.update(members).set({ invisible: true }).where(eq(members.id, goesInvisible.id));
    await buildBlock(t.db, blocksB.id, b.id);
    await buildBlock(t.db, b.id, blockedByB.id);

    const answer = await visitorsOf(b);
    expect(answer.visitors.map((v) => v.id)).toEqual([stays.id]);
    expect(answer.total).toBe(1);
  });

  it('gives a free member the counts and no id, name or photo of any visitor', async () => {
    const b = await member();
    const visitors = await Promise.all([member(), member(), member()]);
    for (const v of visitors) {
      await buildPhoto(t.db, v.id, { isMain: true, review: 'approved' });
      await view(v, b.id);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/visitors.php', headers: { cookie: b.cookie } });
    expect(res.statusCode).toBe(200);
    const answer = VisitorsResponseSchema.parse(res.json());
    expect(answer).toEqual({ premium_required: true, visitors: [], total: 3, new_visitors: 3, next: null });
    for (const v of visitors) {
      expect(res.body).not.toContain(v.name);
      expect(res.body).not.toContain(`"${v.id}"`);
      expect(res.body).not.toMatch(new RegExp(`[^0-9]${v.id}[^0-9]`));
    }
    expect(res.body).not.toContain('/media/');

    // The same member once premium sees who.
    await t.db.update(members).set({ paidUser: true }).where(eq(members.id, b.id));
    const paid = await visitorsOf(b);
    expect(paid.premium_required).toBe(false);
    expect(paid.visitors.map((v) => v.id).sort()).toEqual(visitors.map((v) => v.id).sort());
  });

  it('pages newest first by keyset, through equal times, without gaps or repeats', async () => {
    const b = await premium();
    const count = VISITORS_PAGE_SIZE + 6;
    const visitors = [];
    for (let i = 0; i < count; i += 1) visitors.push(await member());
    const start = clock.now.getTime();
    // Pairs of visitors share a time: the viewer's id breaks the tie.
    for (const [i, v] of visitors.entries()) {
      clock.now = new Date(start + Math.floor(i / 2) * 1000);
      await view(v, b.id);
    }
    const expected = visitors
      .map((v, i) => ({ id: v.id, at: start + Math.floor(i / 2) * 1000 }))
      .sort((x, y) => y.at - x.at || y.id - x.id)
      .map((v) => v.id);

    const first = await visitorsOf(b);
    expect(first.visitors).toHaveLength(VISITORS_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = await visitorsOf(b, `?before=${first.next}`);
    expect(second.next).toBeNull();
    expect([...first.visitors, ...second.visitors].map((v) => v.id)).toEqual(expected);
  });

  it('clears the new-visitors badge when the page is opened, and counts later visits again', async () => {
    const b = await premium();
    const [v1, v2] = await Promise.all([member(), member()]);
    await view(v1, b.id);
    await view(v2, b.id);
    expect(await newVisitorsBadge(b)).toBe(2);

    clock.now = new Date(clock.now.getTime() + 1000);
    const opened = await visitorsOf(b);
    expect(opened.new_visitors).toBe(2);
    expect(opened.visitors.every((v) => v.new)).toBe(true);
    expect(await newVisitorsBadge(b)).toBe(0);
    expect((await visitorsOf(b)).visitors.some((v) => v.new)).toBe(false);

    clock.now = new Date(clock.now.getTime() + 1000);
    await view(v1, b.id);
    expect(await newVisitorsBadge(b)).toBe(1);
    expect((await visitorsOf(b)).visitors.map((v) => [v.id, v.new])).toEqual([
      [v1.id, true],
      [v2.id, false],
    ]);
  });

  it('caps the counts at one past the badge', async () => {
    const b = await premium();
    const viewers = await Promise.all(Array.from({ length: BADGE_CAP + 3 }, () => buildMember(t.db)));
    await t.db
      .insert(profileVisits)
      .values(viewers.map((v) => ({ viewedId: b.id, viewerId: v.member.id, lastAt: clock.now })));
    const answer = await visitorsOf(b);
    expect(answer.total).toBe(BADGE_CAP + 1);
    expect(answer.new_visitors).toBe(BADGE_CAP + 1);
  });

  it('answers the error contract for a malformed cursor and for visitors, and changes nothing', async () => {
    const b = await premium();
    const a = await member();
    await view(a, b.id);
    for (const query of ['?before=abc', '?before=1_', '?before=1_2_3', '?before=', `?before=${'9'.repeat(30)}_1`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/visitors.php${query}`,
        headers: { cookie: b.cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message: expect.any(String) });
    }
    // A refused call did not mark the visitors seen.
    expect(await newVisitorsBadge(b)).toBe(1);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/visitors.php' });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({ error: 'authentication_required' });
  });
});

describe('keeping and erasing visits', () => {
  it(`erases visits ${VISITS_KEEP_DAYS} days after the pair's last one, in the scheduled jobs`, async () => {
    const b = await premium();
    const [old, recent] = await Promise.all([member(), member()]);
    const start = clock.now;
    await view(old, b.id);
    clock.now = new Date(start.getTime() + 10 * DAY);
    await view(recent, b.id);

    clock.now = new Date(start.getTime() + (VISITS_KEEP_DAYS + 1) * DAY);
    expect(await t.app.jobs.runDue(clock.now)).toContain('erase-visits');
    expect((await rowsOf(b.id)).map((r) => r.viewerId)).toEqual([recent.id]);
  });

  it("goes with either member's account", async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    await view(a, b.id);
    await view(b, c.id);
    await t.db.delete(members).where(eq(members.id, b.id));
    const left = await t.db
      .select()
      .from(profileVisits)
      .where(or(eq(profileVisits.viewedId, b.id), eq(profileVisits.viewerId, b.id)));
    expect(left).toEqual([]);
  });

  it("is in the member's data export: visits made by name, visits received without the visitor", async () => {
    const me = await member();
    const [visited, visitor] = await Promise.all([
      member({ profile: { name: 'Ilse' } }),
      member({ profile: { name: 'Wendelien' } }),
    ]);
    await view(me, visited.id);
    await view(me, visited.id);
    await view(visitor, me.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/export.php', headers: { ...XHR, cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    const file = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['visits.json']!);
    expect(JSON.parse(file)).toEqual({
      made: [{ member: { id: visited.id, name: visited.name }, last_at: clock.now.toISOString(), count: 2 }],
      received: [{ last_at: clock.now.toISOString(), count: 1 }],
    });
    expect(file).not.toContain(visitor.name);
  });
});

describe('visit notifications', () => {
  const visitMails = async (email: string) =>
    (await mailsTo(t.db, email)).filter((m) => m.headers['List-Unsubscribe']?.includes('.visits.'));

  it('are off by default, and once switched on mail at most once a day, without naming the visitor', async () => {
    const quiet = await member();
    const account = await t.app.inject({ method: 'GET', url: '/api/account.php', headers: { cookie: quiet.cookie } });
    expect(account.statusCode).toBe(200);
    expect(account.json().account.notification_preferences.visits).toBe(false);
    const wants = await member({ member: { notificationsOff: [] } });
    const [v1, v2] = await Promise.all([
      member({ profile: { name: 'Zwaantje' } }),
      member({ profile: { name: 'Merel' } }),
    ]);
    await view(v1, quiet.id);
    await view(v1, wants.id);
    await view(v2, wants.id);
    await vi.waitFor(async () => expect(await visitMails(wants.email)).toHaveLength(1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const mails = await visitMails(wants.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain('Zwaantje');
    expect(mails[0]!.text).not.toContain('Merel');
    expect(mails[0]!.text).toContain('/visitors');
    expect(await visitMails(quiet.email)).toHaveLength(0);

    clock.now = new Date(clock.now.getTime() + DAY);
    await view(v2, wants.id);
    await vi.waitFor(async () => expect(await visitMails(wants.email)).toHaveLength(2), { timeout: 5000 });
  });
});

describe("the console's view of a member's visits (GET /api/admin/member-visits.php)", () => {
  const visitsOf = (cookie: string, id: number | string) =>
    staffCall(t, cookie, 'GET', `/api/admin/member-visits.php?id=${id}`);

  it('lists who visited the member and whom the member visited, newest first, with counts', async () => {
    const { cookie } = await staffSession(t, 'support', clock.now);
    const subject = await premium();
    const early = await member();
    const late = await member();
    const visited = await premium();
    expect((await view(early, subject.id)).statusCode).toBe(200);
    expect((await view(early, subject.id)).statusCode).toBe(200);
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect((await view(late, subject.id)).statusCode).toBe(200);
    expect((await view(subject, visited.id)).statusCode).toBe(200);

    const res = await visitsOf(cookie, subject.id);
    expect(res.statusCode).toBe(200);
    const answer = AdminMemberVisitsResponseSchema.parse(res.json());
    expect(answer.visitors).toEqual({
      total: 2,
      latest: [
        { member_id: late.id, name: late.name, last_at: clock.now.toISOString(), count: 1 },
        {
          member_id: early.id,
          name: early.name,
          last_at: new Date(clock.now.getTime() - 60_000).toISOString(),
          count: 2,
        },
      ],
    });
    expect(answer.visited).toEqual({
      total: 1,
      latest: [{ member_id: visited.id, name: visited.name, last_at: clock.now.toISOString(), count: 1 }],
    });
    // Staff reading them is no visit to the visitors page: the member's new-visitors badge stays.
    expect(await newVisitorsBadge(subject)).toBe(2);
  });

  it('counts every visit but lists the latest few, including visitors the member could not find', async () => {
    const { cookie } = await staffSession(t, 'moderator', clock.now);
    const subject = await member();
    const visitors = [];
    for (let i = 0; i < ADMIN_VISITS_SHOWN + 2; i++) visitors.push(await member());
    await t.db
      .insert(profileVisits)
      .values(
        visitors.map((v, i) => ({
          viewedId: subject.id,
          viewerId: v.id,
          lastAt: new Date(clock.now.getTime() - i * DAY),
        })),
      );
    await t.db.update(members).set({ invisible: true }).where(eq(members.id, visitors[0]!.id));

    const answer = AdminMemberVisitsResponseSchema.parse((await visitsOf(cookie, subject.id)).json());
    expect(answer.visitors.total).toBe(ADMIN_VISITS_SHOWN + 2);
    expect(answer.visitors.latest.map((v) => v.member_id)).toEqual(
      visitors.slice(0, ADMIN_VISITS_SHOWN).map((v) => v.id),
    );
    expect(answer.visited).toEqual({ total: 0, latest: [] });
  });

  it('answers 404 for an unknown member, 400 for a malformed id and 403 without a staff session', async () => {
    const support = await staffSession(t, 'support', clock.now);
    expect((await visitsOf(support.cookie, 999_999_999)).json()).toMatchObject({ error: 'not_found' });
    expect((await visitsOf(support.cookie, 999_999_999)).statusCode).toBe(404);
    const malformed = await visitsOf(support.cookie, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'validation_failed' });
    const subject = await member();
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/member-visits.php?id=${subject.id}` });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({ error: 'staff_authentication_required' });
  });
});
