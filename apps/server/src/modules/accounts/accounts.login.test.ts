import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponseSchema } from '@app/shared';
import { buildMember, passwordHash, uniqueEmail } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { loginAttempts } from '../../db/schema/index.js';

const PASSWORD = 'correct horse battery';
const GENEROUS = { max: 1000, timeWindow: 60_000 };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { accountRateLimits: { login: GENEROUS } });
});
afterAll(async () => t?.close());

async function memberWithPassword(overrides: Parameters<typeof buildMember>[1] = {}) {
  const email = uniqueEmail('login');
  const built = await buildMember(t.db, {
    ...overrides,
    member: { email, passwordHash: await passwordHash(PASSWORD), ...overrides.member },
  });
  return { ...built, email };
}

/** Client addresses of the tests that tell them apart (documentation ranges). */
const A = '192.0.2.10';
const B = '192.0.2.20';
const C = '192.0.2.30';

function login(
  email: string,
  password: string,
  headers: Record<string, string> = {},
  app = t.app,
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { ...XHR, ...headers },
    remoteAddress,
    payload: { email, password },
  });
}

function deviceCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const device = res.cookies.find((c) => c.name === 'login_device');
  if (!device) throw new Error('no login-device cookie');
  return `login_device=${device.value}`;
}

function sessionCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const sid = res.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error('no session cookie');
  return `sid=${sid.value}`;
}

async function userOf(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } });
  return res.json().user;
}

describe('POST /api/user.php (login)', () => {
  it('logs in with the right password: the user and a 30-day httpOnly session cookie', async () => {
    const { member, email } = await memberWithPassword();
    const res = await login(email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    const { user } = LoginResponseSchema.parse(res.json());
    expect(user.profile.id).toBe(member.id);
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect((await userOf(sessionCookie(res))).profile.id).toBe(member.id);
    expect(res.body).not.toContain(email);
  });

  it("answers 401 login_failed 'Login mislukt, probeer opnieuw' for a wrong password or an unknown address", async () => {
    const { email } = await memberWithPassword();
    for (const res of [await login(email, 'wrong password'), await login(uniqueEmail('nobody'), PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'login_failed', message: 'Login mislukt, probeer opnieuw' });
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it('words the failure in English for an English visitor', async () => {
    const res = await login(uniqueEmail('nobody'), PASSWORD, { cookie: 'locale=en' });
    expect(res.json().message).toBe('Login failed, please try again');
  });

  it('refuses a deleted account like an unknown one', async () => {
    const { email } = await memberWithPassword({ member: { deletedAt: new Date() } });
    const res = await login(email, PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('login_failed');
  });

  it('lets an unconfirmed member log in', async () => {
    const { email } = await memberWithPassword({ member: { status: 'not_confirmed' } });
    const res = await login(email, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.status).toBe('not_confirmed');
  });

  it('blocks the account for 15 minutes at the fifth failure from an address, saying how many minutes are left', async () => {
    const { member, email } = await memberWithPassword();
    for (let i = 0; i < 4; i++) expect((await login(email, `wrong ${i}`)).json().error).toBe('login_failed');
    const fifth = await login(email, 'wrong 5');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toEqual({
      error: 'account_locked',
      message: 'Te veel mislukte inlogpogingen. Je account is 15 minuten geblokkeerd.',
    });
    // Even the right password waits for the lock to end, from this address.
    const right = await login(email, PASSWORD, { cookie: 'locale=en' });
    expect(right.statusCode).toBe(423);
    expect(right.json().message).toBe('Too many failed login attempts. Your account is blocked for 15 minutes.');

    const here = and(eq(loginAttempts.memberId, member.id), eq(loginAttempts.address, '127.0.0.1'));
    await t.db
      .update(loginAttempts)
      .set({ lockedUntil: new Date(Date.now() + 3.5 * 60_000) })
      .where(here);
    expect((await login(email, PASSWORD)).json().message).toContain('4 minuten');

    await t.db
      .update(loginAttempts)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(here);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    // The address is forgiven; the five failures still count towards the account-wide limit.
    const rows = await t.db.select().from(loginAttempts).where(eq(loginAttempts.memberId, member.id));
    expect(rows.map((r) => [r.address, r.failures, r.lockedUntil])).toEqual([['*', 5, null]]);
  });

  it('locks out the address that failed, not the owner at another address', async () => {
    const { member, email } = await memberWithPassword();
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong', {}, t.app, A)).statusCode).toBe(401);
    expect((await login(email, 'wrong', {}, t.app, A)).json().error).toBe('account_locked');

    const owner = await login(email, PASSWORD, {}, t.app, B);
    expect(owner.statusCode).toBe(200);
    expect((await userOf(sessionCookie(owner))).profile.id).toBe(member.id);

    const attacker = await login(email, PASSWORD, {}, t.app, A);
    expect(attacker.statusCode).toBe(423);
    expect(attacker.json().message).toBe('Te veel mislukte inlogpogingen. Je account is 15 minuten geblokkeerd.');
  });

  it('counts an IPv6 client by its /64, so new addresses in it do not reset the count', async () => {
    const { email } = await memberWithPassword();
    for (let i = 1; i <= 4; i++)
      expect((await login(email, 'wrong', {}, t.app, `2001:db8:5:6::${i}`)).statusCode).toBe(401);
    expect((await login(email, 'wrong', {}, t.app, '2001:db8:5:6::99')).statusCode).toBe(423);
    expect((await login(email, PASSWORD, {}, t.app, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('checks at most five of many parallel wrong passwords from one address', async () => {
    const { email } = await memberWithPassword();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `wrong ${i}`, {}, t.app, A)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(4).fill(401), ...Array(16).fill(423)]);
    expect((await login(email, PASSWORD, {}, t.app, A)).statusCode).toBe(423);
  });

  it('locks the account everywhere after 50 failures from many addresses within an hour, even in parallel, except in a browser that logged in before', async () => {
    const { email } = await memberWithPassword();
    const before = await login(email, PASSWORD, {}, t.app, B);
    const device = deviceCookie(before);
    expect(before.cookies.find((c) => c.name === 'login_device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/user.php',
    });

    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(email, 'wrong', {}, t.app, `198.51.100.${i + 1}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(49).fill(401), ...Array(11).fill(423)]);

    const elsewhere = await login(email, PASSWORD, {}, t.app, '203.0.113.50');
    expect(elsewhere.statusCode).toBe(423);
    expect(elsewhere.json().message).toBe('Te veel mislukte inlogpogingen. Je account is 60 minuten geblokkeerd.');

    const other = await memberWithPassword();
    const othersDevice = deviceCookie(await login(other.email, PASSWORD, {}, t.app, C));
    expect((await login(email, PASSWORD, { cookie: othersDevice }, t.app, C)).statusCode).toBe(423);
    expect((await login(email, PASSWORD, { cookie: `${device}x` }, t.app, C)).statusCode).toBe(423);

    const known = await login(email, PASSWORD, { cookie: device }, t.app, C);
    expect(known.statusCode).toBe(200);
    // The known browser is still held to the per-address lock.
    for (let i = 0; i < 4; i++)
      expect((await login(email, 'wrong', { cookie: device }, t.app, C)).statusCode).toBe(401);
    expect((await login(email, 'wrong', { cookie: device }, t.app, C)).statusCode).toBe(423);
    expect((await login(email, PASSWORD, { cookie: device }, t.app, C)).statusCode).toBe(423);
  });

  it("forgets an address's failures whose window has long passed", async () => {
    const { member, email } = await memberWithPassword();
    const longAgo = new Date(Date.now() - 2 * 3_600_000);
    await t.db.insert(loginAttempts).values([
      { memberId: member.id, address: A, failures: 4, windowStart: longAgo },
      {
        memberId: member.id,
        address: B,
        failures: 0,
        windowStart: longAgo,
        lockedUntil: new Date(Date.now() + 60_000),
      },
    ]);
    expect((await login(email, 'wrong', {}, t.app, C)).statusCode).toBe(401);
    const rows = await t.db.select().from(loginAttempts).where(eq(loginAttempts.memberId, member.id));
    expect(rows.map((r) => [r.address, r.failures]).sort()).toEqual([
      ['*', 1],
      [B, 0],
      [C, 1],
    ]);
  });

  it('counts failures per account: another account is not blocked', async () => {
    const a = await memberWithPassword();
    const b = await memberWithPassword();
    for (let i = 0; i < 5; i++) await login(a.email, 'wrong');
    expect((await login(a.email, PASSWORD)).statusCode).toBe(423);
    expect((await login(b.email, PASSWORD)).statusCode).toBe(200);
  });

  it('starts a new session: the session the browser had before is ended', async () => {
    const { member, email } = await memberWithPassword();
    const before = await loginCookie(t.db, member.id);
    const res = await login(email, PASSWORD, { cookie: before });
    expect(sessionCookie(res)).not.toBe(before);
    expect(await userOf(before)).toBeNull();
    expect((await userOf(sessionCookie(res))).profile.id).toBe(member.id);
  });

  it('answers 400 validation_failed for a missing password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: XHR,
      payload: { email: 'a@b.nl' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: 'Dit veld is verplicht.' });
  });

  it('needs the request-type header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: 'a@b.nl', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('request_type_required');
  });

  it('limits login calls per IP address', async () => {
    const strict = await buildTestApp({}, { db: t.db, accountRateLimits: { login: { max: 2, timeWindow: 60_000 } } });
    try {
      const email = uniqueEmail('nobody');
      expect((await login(email, 'x', {}, strict.app)).statusCode).toBe(401);
      expect((await login(email, 'x', {}, strict.app)).statusCode).toBe(401);
      const third = await login(email, 'x', {}, strict.app);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ error: 'rate_limited' });
      const other = await strict.app.inject({
        method: 'POST',
        url: '/api/user.php',
        headers: XHR,
        remoteAddress: '10.0.0.9',
        payload: { email, password: 'x' },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('GET /api/logout.php', () => {
  it('ends the session and clears the cookie', async () => {
    const { member } = await memberWithPassword();
    const cookie = await loginCookie(t.db, member.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout.php', headers: { ...XHR, cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect(await userOf(cookie)).toBeNull();
  });

  it('needs the request-type header, so a cross-site link cannot log a member out', async () => {
    const { member } = await memberWithPassword();
    const cookie = await loginCookie(t.db, member.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout.php', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('request_type_required');
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await userOf(cookie)).profile.id).toBe(member.id);
  });

  it('answers ok for a visitor too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout.php', headers: XHR });
    expect(res.json()).toEqual({ ok: true });
  });
});
