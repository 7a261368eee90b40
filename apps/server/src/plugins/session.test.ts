import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE } from '@app/shared';
import { buildMember } from '../../test/factories.js';
import { XHR, buildTestApp, type TestApp } from '../../test/helpers.js';
import { activeDays, profiles, sessions } from '../db/schema/index.js';
import { createSession, hashToken, noteMembersActive, setSessionCookie } from './session.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const userWith = (cookieHeader: string) =>
  t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: cookieHeader } });

describe('createSession', () => {
  it('stores only the hash of a random token, expiring after 30 days', async () => {
    const { member } = await buildMember(t.db);
    const now = new Date('2025-01-01T00:00:00Z');
    const { token, expiresAt } = await createSession(t.db, member.id, now);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(expiresAt.toISOString()).toBe('2025-01-31T00:00:00.000Z');
    const rows = await t.db.select().from(sessions).where(eq(sessions.memberId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it('gives a session the request can be recognised by, until it expires or is destroyed', async () => {
    const { member } = await buildMember(t.db);
    const { token } = await createSession(t.db, member.id);
    expect((await userWith(`${AUTH_COOKIE}=${token}`)).json().user.profile.id).toBe(member.id);

    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/logout.php',
      headers: { ...XHR, cookie: `${AUTH_COOKIE}=${token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token))),
    ).toEqual([]);
    expect((await userWith(`${AUTH_COOKIE}=${token}`)).json().user).toBeNull();

    const expired = await createSession(t.db, member.id, new Date(Date.now() - 31 * 24 * 3600 * 1000));
    expect((await userWith(`${AUTH_COOKIE}=${expired.token}`)).json().user).toBeNull();
  });
});

describe('noting activity', () => {
  it("notes the member's last activity and day once the last note is stale, once per request that wins", async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const { member } = await buildMember(t.db, { profile: { lastActiveAt: hourAgo } });
    const { token } = await createSession(t.db, member.id);
    const lastActive = async () =>
      (await t.db.select({ at: profiles.lastActiveAt }).from(profiles).where(eq(profiles.memberId, member.id)))[0]!.at;
    const days = () => t.db.select().from(activeDays).where(eq(activeDays.memberId, member.id));

    const before = Date.now();
    await Promise.all([userWith(`${AUTH_COOKIE}=${token}`), userWith(`${AUTH_COOKIE}=${token}`)]);
    expect((await lastActive())!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect((await days()).map((d) => d.day)).toEqual([new Date().toISOString().slice(0, 10)]);

    const minuteAgo = new Date(Date.now() - 60_000);
    await t.db.update(profiles).set({ lastActiveAt: minuteAgo }).where(eq(profiles.memberId, member.id));
    await t.db.delete(activeDays).where(eq(activeDays.memberId, member.id));
    await userWith(`${AUTH_COOKIE}=${token}`);
    expect((await lastActive())!.getTime()).toBe(minuteAgo.getTime());
    expect(await days()).toEqual([]);
  });

  it('notes members in one call and reports those it brings back online, by their number', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const minuteAgo = new Date(Date.now() - 60_000);
    const many = await Promise.all(
      Array.from({ length: 20 }, () => buildMember(t.db, { profile: { lastActiveAt: hourAgo } })),
    );
    const { member: recent } = await buildMember(t.db, { profile: { lastActiveAt: minuteAgo } });
    const ids = [...many.map(({ member }) => member.id), recent.id];
    const staled: number[][] = [];
    const now = new Date();

    await noteMembersActive(t.db, { stale: async (memberIds) => void staled.push([...memberIds]) }, ids, now);

    const rows = await t.db
      .select({ id: profiles.memberId, at: profiles.lastActiveAt })
      .from(profiles)
      .where(inArray(profiles.memberId, ids));
    const at = new Map(rows.map((row) => [row.id, row.at!.getTime()]));
    expect(many.every(({ member }) => at.get(member.id) === now.getTime())).toBe(true);
    expect(at.get(recent.id)).toBe(minuteAgo.getTime());
    expect(staled).toHaveLength(1);
    expect(staled[0]!.sort((x, y) => x - y)).toEqual(many.map(({ member }) => member.id).sort((x, y) => x - y));
  });
});

describe('setSessionCookie', () => {
  async function cookieFor(secureCookies: boolean) {
    const app = Fastify();
    await app.register(cookie);
    app.get('/login', async (_request, reply) => {
      setSessionCookie(reply, 'tok', { secureCookies });
      return { ok: true };
    });
    const res = await app.inject({ method: 'GET', url: '/login' });
    await app.close();
    return String(res.headers['set-cookie']);
  }

  it('sets an httpOnly, SameSite=Lax cookie for 30 days on the whole site', async () => {
    const header = await cookieFor(false);
    expect(header).toMatch(/^sid=tok;/);
    expect(header).toContain('Max-Age=2592000');
    expect(header).toContain('Path=/');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).not.toContain('Secure');
  });

  it('adds Secure when the site runs on https', async () => {
    expect(await cookieFor(true)).toContain('Secure');
  });
});
