import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetentionOfferResponseSchema } from '@app/shared';
import { buildMember, buildSite, mailsTo, passwordHash, tokenOf, uniqueEmail } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import {
  accountTokens,
  companies,
  discountCodes,
  members,
  profiles,
  sessions,
  siteSettings,
} from '../../db/schema/index.js';

const PASSWORD = 'my current password';
const GENEROUS = { max: 1000, timeWindow: 60_000 };
const DAY = 24 * 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    { eraseJobIntervalMinutes: 0 },
    { accountRateLimits: { passwordCheck: GENEROUS, reactivation: GENEROUS, login: GENEROUS, signup: GENEROUS } },
  );
});
afterAll(async () => t?.close());

async function member(overrides: Parameters<typeof buildMember>[1] = {}) {
  const email = uniqueEmail('leaving');
  const built = await buildMember(t.db, {
    ...overrides,
    member: { email, passwordHash: await passwordHash(PASSWORD), ...overrides.member },
    profile: { name: 'Sem', ...overrides.profile },
  });
  return { ...built, email, cookie: await loginCookie(t.db, built.member.id) };
}

function post(url: string, payload: unknown, cookie?: string, headers = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...XHR, ...(cookie ? { cookie } : {}), ...headers },
    payload: payload as Record<string, unknown>,
  });
}

const deleteAccount = (cookie: string, body: Record<string, unknown> = {}) =>
  post('/api/account-delete.php', { reason: 'found_partner', password: PASSWORD, ...body }, cookie);

const login = (email: string, password = PASSWORD) => post('/api/user.php', { email, password });

const reactivate = (token: string) => t.app.inject({ method: 'GET', url: `/api/reactivate.php?token=${token}` });

async function userOf(cookie: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user;
}

async function rows(memberId: number) {
  const [member] = await t.db.select().from(members).where(eq(members.id, memberId));
  const [profile] = await t.db.select().from(profiles).where(eq(profiles.memberId, memberId));
  return { member: member!, profile: profile! };
}

describe('POST /api/retention-offer.php', () => {
  it("offers the company's delete_discount as a personal code for 30 days, the same code when asked again", async () => {
    const m = await member();
    const res = await post('/api/retention-offer.php', { reason: 'too_expensive' }, m.cookie);
    expect(res.statusCode).toBe(200);
    const { offer } = RetentionOfferResponseSchema.parse(res.json());
    expect(offer.code).toMatch(/^STAY-[A-HJ-NP-Z2-9]{6}$/);
    expect(offer.percentage).toBe(50);
    const days = (Date.parse(offer.expires) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.memberId, m.member.id));
    expect(row).toMatchObject({ code: offer.code, source: 'retention', validity: 'once', status: 'active' });

    const again = await post('/api/retention-offer.php', { reason: 'other' }, m.cookie);
    expect(again.json()).toEqual(res.json());
    expect(await t.db.select().from(discountCodes).where(eq(discountCodes.memberId, m.member.id))).toHaveLength(1);
  });

  it('makes a new code once the old one has expired', async () => {
    const m = await member();
    const first = (await post('/api/retention-offer.php', { reason: 'too_expensive' }, m.cookie)).json().offer;
    await t.db
      .update(discountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.memberId, m.member.id));
    const second = (await post('/api/retention-offer.php', { reason: 'too_expensive' }, m.cookie)).json().offer;
    expect(second.code).not.toBe(first.code);
    const codes = await t.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.memberId, m.member.id))
      .orderBy(discountCodes.id);
    expect(codes.map((c) => [c.code, c.status])).toEqual([
      [first.code, 'inactive'],
      [second.code, 'active'],
    ]);
  });

  it('makes one code when the offer is asked ten times at once, and answers it to every call', async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/retention-offer.php', { reason: 'too_expensive' }, m.cookie)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(10).fill(200));
    const offered = new Set(answers.map((a) => RetentionOfferResponseSchema.parse(a.json()).offer.code));
    expect(offered.size).toBe(1);
    const codes = await t.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.memberId, m.member.id))
      .orderBy(discountCodes.id);
    expect(codes.map((c) => c.code)).toEqual([...offered]);
  });

  it('answers 404 not_found when the company offers no discount', async () => {
    const [company] = await t.db
      .insert(companies)
      .values({ name: 'Stingy BV', address: 'Straat 1', kvk: '1', city: 'Utrecht', country: 'NL', supportPhone: '0' })
      .returning();
    const domain = await buildSite(t.db, {});
    await t.db.update(siteSettings).set({ companyId: company!.id }).where(eq(siteSettings.domain, domain));
    const m = await member({ member: { domain } });
    const res = await post('/api/retention-offer.php', { reason: 'too_expensive' }, m.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Niet gevonden.' });
    expect(await t.db.select().from(discountCodes).where(eq(discountCodes.memberId, m.member.id))).toEqual([]);
  });

  it('refuses an unknown reason and a visitor', async () => {
    const m = await member();
    const bad = await post('/api/retention-offer.php', { reason: 'bored' }, m.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ reason: 'Kies een van de aangeboden mogelijkheden.' });
    expect((await post('/api/retention-offer.php', { reason: 'other' })).statusCode).toBe(403);
  });
});

describe('POST /api/account-delete.php', () => {
  it('hides the account at once, ends every session, clears the cookie and mails a reactivation link', async () => {
    const m = await member();
    const elsewhere = await loginCookie(t.db, m.member.id);
    const res = await deleteAccount(m.cookie, { reason: 'privacy', note: '  Te veel berichten  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');

    const { member: row, profile } = await rows(m.member.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.deleteReason).toBe('privacy');
    expect(row.deleteNote).toBe('Te veel berichten');
    expect(profile.status).toBe('disabled');
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, m.member.id))).toEqual([]);
    expect(await userOf(m.cookie)).toBeNull();
    expect(await userOf(elsewhere)).toBeNull();
    expect((await login(m.email)).json().error).toBe('login_failed');

    const [mail] = await mailsTo(t.db, m.email);
    expect(mail!.subject).toBe('Je account bij Amoria is verwijderd');
    expect(mail!.text).toContain('Hallo Sem,');
    expect(mail!.text).toMatch(/http:\/\/localhost(:80)?\/api\/reactivate\.php\?token=[\w-]{43}/);
    const [token] = await t.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.memberId, m.member.id), eq(accountTokens.kind, 'reactivation')));
    expect(token!.expiresAt.getTime() - row.deletedAt!.getTime()).toBe(14 * DAY);

    // A signup with the address offers reactivation instead.
    const signup = await post('/api/signup.php', {
      email: m.email,
      name: 'Sem2',
      password: 'another password',
      date_of_birth: '1990-01-01',
      gender: 'male',
      sexuality: 'hetero',
      country: 'NL',
      language: 'nl',
      terms: true,
    });
    expect(signup.json().error).toBe('account_deleted');
  });

  it('words the mail in the member language', async () => {
    const m = await member({ member: { language: 'en' } });
    await deleteAccount(m.cookie);
    const [mail] = await mailsTo(t.db, m.email);
    expect(mail!.subject).toBe('Your Amoria account has been deleted');
    expect(mail!.text).toContain('Reactivate account');
  });

  it('answers password_wrong for a wrong password and keeps the account', async () => {
    const m = await member();
    const res = await deleteAccount(m.cookie, { password: 'not my password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      message: 'Controleer de ingevulde gegevens.',
      fields: { password: 'Dit wachtwoord klopt niet.' },
    });
    const en = await post('/api/account-delete.php', { reason: 'other', password: 'nope' }, m.cookie, {
      'accept-language': 'en',
    });
    expect(en.json().fields).toEqual({ password: 'This password is incorrect.' });
    expect((await rows(m.member.id)).member.deletedAt).toBeNull();
    expect((await userOf(m.cookie)).profile.id).toBe(m.member.id);
    expect(await mailsTo(t.db, m.email)).toEqual([]);
  });

  it('refuses an unknown reason, a missing password and a visitor', async () => {
    const m = await member();
    const res = await post('/api/account-delete.php', { reason: 'bored' }, m.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      reason: 'Kies een van de aangeboden mogelijkheden.',
      password: 'Dit veld is verplicht.',
    });
    expect((await post('/api/account-delete.php', { reason: 'other', password: PASSWORD })).statusCode).toBe(403);
    expect((await rows(m.member.id)).member.deletedAt).toBeNull();
  });
});

describe('GET /api/reactivate.php', () => {
  it('brings the account back as it was and lets the member log in', async () => {
    const m = await member();
    await deleteAccount(m.cookie, { reason: 'taking_break', note: 'even weg' });
    const token = tokenOf((await mailsTo(t.db, m.email))[0]!.text, '/api/reactivate.php');

    const res = await reactivate(token);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?reactivated=1');
    expect(res.headers['cache-control']).toBe('no-store');
    const { member: row, profile } = await rows(m.member.id);
    expect(row).toMatchObject({ deletedAt: null, deleteReason: null, deleteNote: null });
    expect(profile.status).toBe('active');

    const logged = await login(m.email);
    expect(logged.statusCode).toBe(200);
    expect(logged.json().user.profile.id).toBe(m.member.id);

    // The link works once.
    expect((await reactivate(token)).headers.location).toBe('/login?reactivated=0');
  });

  it('keeps the profile disabled for an account whose address is not confirmed', async () => {
    const m = await member({ member: { status: 'not_confirmed' }, profile: { status: 'disabled' } });
    await deleteAccount(m.cookie);
    const token = tokenOf((await mailsTo(t.db, m.email))[0]!.text, '/api/reactivate.php');
    expect((await reactivate(token)).headers.location).toBe('/login?reactivated=1');
    const { member: row, profile } = await rows(m.member.id);
    expect(row.deletedAt).toBeNull();
    expect(profile.status).toBe('disabled');
  });

  it('does not bring back an account deleted 15 days ago, nor take an unknown link', async () => {
    const m = await member();
    await deleteAccount(m.cookie);
    const token = tokenOf((await mailsTo(t.db, m.email))[0]!.text, '/api/reactivate.php');
    await t.db
      .update(members)
      .set({ deletedAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(members.id, m.member.id));
    for (const url of [
      `/api/reactivate.php?token=${token}`,
      `/api/reactivate.php?token=${'x'.repeat(43)}`,
      '/api/reactivate.php',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?reactivated=0');
    }
    expect((await rows(m.member.id)).member.deletedAt).not.toBeNull();
    expect((await login(m.email)).statusCode).toBe(401);
  });
});

describe('POST /api/reactivation.php', () => {
  it('mails a fresh link to an account deleted within the 14 days, valid until the same deadline', async () => {
    const m = await member();
    const deletedAt = new Date(Date.now() - 10 * DAY);
    await t.db.update(members).set({ deletedAt }).where(eq(members.id, m.member.id));

    const res = await post('/api/reactivation.php', { email: m.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await mailsTo(t.db, m.email);
    expect(mail!.text).toContain('Hallo Sem,');
    const token = tokenOf(mail!.text, '/api/reactivate.php');
    const [row] = await t.db.select().from(accountTokens).where(eq(accountTokens.memberId, m.member.id));
    expect(row!.expiresAt.getTime()).toBe(deletedAt.getTime() + 14 * DAY);
    expect((await reactivate(token)).headers.location).toBe('/login?reactivated=1');
  });

  it('answers ok and mails nothing for an active, unknown or too long deleted account', async () => {
    const active = await member();
    const old = await member({ member: { deletedAt: new Date(Date.now() - 15 * DAY) } });
    const unknown = uniqueEmail('nobody');
    for (const email of [active.email, old.email, unknown]) {
      const res = await post('/api/reactivation.php', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await mailsTo(t.db, email)).toEqual([]);
    }
  });

  it('mails at most 3 links a day to one account', async () => {
    const m = await member({ member: { deletedAt: new Date(Date.now() - DAY) } });
    for (let i = 0; i < 4; i++) expect((await post('/api/reactivation.php', { email: m.email })).statusCode).toBe(200);
    expect(await mailsTo(t.db, m.email)).toHaveLength(3);
  });

  it('answers the invalid e-mail text for a malformed address', async () => {
    const res = await post('/api/reactivation.php', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Ongeldige e-mail' });
  });

  it('is limited per IP address', async () => {
    const strict = await buildTestApp(
      { eraseJobIntervalMinutes: 0 },
      { db: t.db, accountRateLimits: { reactivation: { max: 2, timeWindow: 60_000 } } },
    );
    try {
      const send = () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/reactivation.php',
          headers: XHR,
          payload: { email: uniqueEmail() },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toBe('rate_limited');
    } finally {
      await strict.close();
    }
  });
});
