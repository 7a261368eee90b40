import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE } from '@app/shared';
import { buildMember } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { sessions } from '../db/schema/index.js';
import { createSession, destroySession, hashToken, setSessionCookie } from './session.js';

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

    await destroySession(t.db, token);
    expect((await userWith(`${AUTH_COOKIE}=${token}`)).json().user).toBeNull();

    const expired = await createSession(t.db, member.id, new Date(Date.now() - 31 * 24 * 3600 * 1000));
    expect((await userWith(`${AUTH_COOKIE}=${expired.token}`)).json().user).toBeNull();
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
