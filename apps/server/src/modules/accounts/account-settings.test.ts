import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSettingsResponseSchema, NOTIFICATION_TYPES, defaultNotificationPreferences } from '@app/shared';
import { buildMember, mailsTo, passwordHash, tokenOf, uniqueEmail } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { accountTokens, loginAttempts, members, sessions } from '../../db/schema/index.js';

const PASSWORD = 'my current password';
const NEW = 'a brand new password';
const GENEROUS = { max: 1000, timeWindow: 60_000 };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    { eraseJobIntervalMinutes: 0 },
    { accountRateLimits: { passwordCheck: GENEROUS, reactivation: GENEROUS, login: GENEROUS } },
  );
});
afterAll(async () => t?.close());

async function member(language = 'nl') {
  const email = uniqueEmail('settings');
  const built = await buildMember(t.db, {
    member: { email, language, passwordHash: await passwordHash(PASSWORD) },
    profile: { name: 'Noor' },
  });
  return { ...built, email, cookie: await loginCookie(t.db, built.member.id) };
}

function call(method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: unknown, headers = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...XHR, ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function sidOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  const sid = res.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error('no session cookie');
  return `sid=${sid.value}`;
}

async function userOf(cookie: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user;
}

async function memberRow(id: number) {
  const [row] = await t.db.select().from(members).where(eq(members.id, id));
  return row!;
}

describe('GET /api/account.php', () => {
  it('answers the e-mail address, invisible mode and the service mails on, the marketing mails and visits off until switched on', async () => {
    const m = await member();
    const res = await call('GET', '/api/account.php', m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(AccountSettingsResponseSchema.parse(res.json())).toEqual({
      account: { email: m.email, invisible: false, notification_preferences: defaultNotificationPreferences() },
    });
    expect(Object.keys(res.json().account.notification_preferences)).toHaveLength(NOTIFICATION_TYPES.length);
    expect(res.json().account.notification_preferences).toMatchObject({ like: true, visits: false });
  });

  it('answers 403 authentication_required to a visitor', async () => {
    const res = await call('GET', '/api/account.php');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'authentication_required', message: 'Je moet ingelogd zijn om dit te doen.' });
  });
});

describe('PUT /api/account.php', () => {
  it('saves invisible mode and the switches given, keeping the others', async () => {
    const m = await member();
    const res = await call('PUT', '/api/account.php', m.cookie, {
      invisible: true,
      notification_preferences: { promotions: false, news: false },
    });
    expect(res.statusCode).toBe(200);
    const expected = { ...defaultNotificationPreferences(), promotions: false, news: false };
    expect(res.json().account).toEqual({ email: m.email, invisible: true, notification_preferences: expected });
    expect((await memberRow(m.member.id)).notificationsOff).toEqual(['news', 'promotions', 'visits']);

    const again = await call('PUT', '/api/account.php', m.cookie, { notification_preferences: { news: true } });
    expect(again.json().account).toMatchObject({
      invisible: true,
      notification_preferences: { ...expected, news: true },
    });
    const read = await call('GET', '/api/account.php', m.cookie);
    expect(read.json()).toEqual(again.json());

    const visible = await call('PUT', '/api/account.php', m.cookie, { invisible: false });
    expect(visible.json().account.invisible).toBe(false);
    expect(visible.json().account.notification_preferences.promotions).toBe(false);
  });

  it('switches every type off and on', async () => {
    const m = await member();
    const allOff = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, false]));
    const res = await call('PUT', '/api/account.php', m.cookie, { notification_preferences: allOff });
    expect(res.json().account.notification_preferences).toEqual(allOff);
    const allOn = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true]));
    const on = await call('PUT', '/api/account.php', m.cookie, { notification_preferences: allOn });
    expect(on.json().account.notification_preferences).toEqual(allOn);
    expect((await memberRow(m.member.id)).notificationsOff).toEqual([]);
  });

  it('keeps both of two switch changes saved at the same moment', async () => {
    const m = await member();
    const [a, b] = await Promise.all([
      call('PUT', '/api/account.php', m.cookie, { notification_preferences: { promotions: false } }),
      call('PUT', '/api/account.php', m.cookie, { notification_preferences: { news: false } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await memberRow(m.member.id)).notificationsOff).toEqual(['news', 'promotions', 'visits']);
  });

  it('refuses an unknown notification type, an unknown field or a non-boolean, and changes nothing', async () => {
    const m = await member();
    for (const payload of [
      { notification_preferences: { promotions: false, sms_spam: false } },
      { invisible: true, email: 'new@example.test' },
      { invisible: 'yes' },
      { notification_preferences: { news: 'off' } },
    ]) {
      const res = await call('PUT', '/api/account.php', m.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message: 'Controleer de ingevulde gegevens.' });
    }
    const row = await memberRow(m.member.id);
    expect(row.invisible).toBe(false);
    expect(row.notificationsOff).toEqual(['promotions', 'news', 'visits']);
    expect(row.email).toBe(m.email);
  });

  it('is refused without the X-Requested-With header, and changes nothing', async () => {
    const m = await member();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account.php',
      headers: { cookie: m.cookie },
      payload: { invisible: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('request_type_required');
    expect((await memberRow(m.member.id)).invisible).toBe(false);
  });

  it('answers 403 authentication_required to a visitor', async () => {
    expect((await call('PUT', '/api/account.php', undefined, { invisible: true })).statusCode).toBe(403);
  });
});

describe('POST /api/password.php', () => {
  it('sets the new password, ends every other session and keeps this browser logged in', async () => {
    const m = await member();
    const elsewhere = await loginCookie(t.db, m.member.id);
    await t.db.insert(loginAttempts).values([
      { memberId: m.member.id, address: '*', failures: 3 },
      { memberId: m.member.id, address: '192.0.2.7', failures: 3 },
    ]);

    const res = await call('POST', '/api/password.php', m.cookie, {
      old_password: PASSWORD,
      password: NEW,
      password_repeat: NEW,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = sidOf(res);
    expect(fresh).not.toBe(m.cookie);

    expect(await userOf(elsewhere)).toBeNull();
    expect(await userOf(m.cookie)).toBeNull();
    expect((await userOf(fresh)).profile.id).toBe(m.member.id);
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, m.member.id))).toHaveLength(1);
    expect(await t.db.select().from(loginAttempts).where(eq(loginAttempts.memberId, m.member.id))).toEqual([]);

    const login = (password: string) => call('POST', '/api/user.php', undefined, { email: m.email, password });
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login(NEW)).statusCode).toBe(200);
  });

  it('answers old_password_wrong for a wrong current password, and changes nothing', async () => {
    const m = await member();
    const res = await call('POST', '/api/password.php', m.cookie, {
      old_password: 'not my password',
      password: NEW,
      password_repeat: NEW,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      message: 'Controleer de ingevulde gegevens.',
      fields: { old_password: 'Je huidige wachtwoord klopt niet.' },
    });
    const en = await call(
      'POST',
      '/api/password.php',
      m.cookie,
      { old_password: 'not my password', password: NEW, password_repeat: NEW },
      { 'accept-language': 'en' },
    );
    expect(en.json().fields).toEqual({ old_password: 'Your current password is incorrect.' });
    expect((await userOf(m.cookie)).profile.id).toBe(m.member.id);
    expect((await memberRow(m.member.id)).passwordHash).toBe(await passwordHash(PASSWORD));
  });

  it("answers 'De opgegeven wachtwoorden zijn niet gelijk.' when the new passwords differ", async () => {
    const m = await member();
    const body = { old_password: PASSWORD, password: NEW, password_repeat: `${NEW}!` };
    const res = await call('POST', '/api/password.php', m.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password_repeat: 'De opgegeven wachtwoorden zijn niet gelijk.' });
    const en = await call('POST', '/api/password.php', m.cookie, body, { cookie: `${m.cookie}; locale=en` });
    expect(en.json().fields).toEqual({ password_repeat: 'The passwords you entered do not match.' });
    expect((await memberRow(m.member.id)).passwordHash).toBe(await passwordHash(PASSWORD));
  });

  it('asks for a new password of at least 8 characters', async () => {
    const m = await member();
    const res = await call('POST', '/api/password.php', m.cookie, {
      old_password: PASSWORD,
      password: 'short',
      password_repeat: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: 'Gebruik minstens 8 tekens.' });
  });

  it('answers 403 authentication_required to a visitor', async () => {
    const res = await call('POST', '/api/password.php', undefined, {
      old_password: PASSWORD,
      password: NEW,
      password_repeat: NEW,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/email-change.php and /api/email-change-do.php', () => {
  async function requestChange(cookie: string, email: string, password = PASSWORD, headers = {}) {
    return call('POST', '/api/email-change.php', cookie, { email, password }, headers);
  }

  async function confirm(token: string, headers = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/email-change-do.php',
      headers: { ...XHR, ...headers },
      payload: { token },
    });
  }

  it('mails a link to the new address; following it changes the address and tells the old one', async () => {
    const m = await member();
    const next = uniqueEmail('moved');
    const res = await requestChange(m.cookie, next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await memberRow(m.member.id)).email).toBe(m.email);

    const [mail] = await mailsTo(t.db, next);
    expect(mail!.subject).toBe('Bevestig je nieuwe e-mailadres bij Amoria');
    expect(mail!.text).toContain('Hallo Noor,');
    expect(mail!.text).toContain(next);
    expect(mail!.text).toContain('Deze link is 24 uur geldig en werkt één keer.');
    expect(mail!.text).toMatch(/http:\/\/localhost(:80)?\/mail-change\/do\?token=[\w-]{43}/);
    const token = tokenOf(mail!.text, '/mail-change/do');
    const [row] = await t.db.select().from(accountTokens).where(eq(accountTokens.memberId, m.member.id));
    expect(row).toMatchObject({ kind: 'email_change', payload: next });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(23.9 * 3_600_000);

    // Confirmed without a session: the link may be opened in another browser.
    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: next });
    expect((await memberRow(m.member.id)).email).toBe(next);

    const [notice] = await mailsTo(t.db, m.email);
    expect(notice!.subject).toBe('Je e-mailadres bij Amoria is gewijzigd');
    expect(notice!.text).toContain(`is gewijzigd in ${next}.`);
    expect(notice!.text).toContain('support@amoria.example');
    expect(notice!.html).toContain('href="mailto:support@amoria.example"');

    const login = (email: string) => call('POST', '/api/user.php', undefined, { email, password: PASSWORD });
    expect((await login(next)).statusCode).toBe(200);
    expect((await login(m.email)).statusCode).toBe(401);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'mail_change_token_invalid',
      message: 'Deze link om je e-mailadres te wijzigen is verlopen of ongeldig.',
    });
  });

  it('confirms an unconfirmed account: following the link proves the member reads the address', async () => {
    const m = await member();
    await t.db.update(members).set({ status: 'not_confirmed' }).where(eq(members.id, m.member.id));
    const next = uniqueEmail('confirmed-by-change');
    expect((await requestChange(m.cookie, next)).statusCode).toBe(200);
    const [mail] = await mailsTo(t.db, next);
    expect((await confirm(tokenOf(mail!.text, '/mail-change/do'))).statusCode).toBe(200);
    expect(await userOf(m.cookie)).toMatchObject({ status: 'confirmed', profile: { status: 'active' } });
  });

  it("answers 'Dit e-mailadres heeft al een account op deze site.' for an address with an account", async () => {
    const m = await member();
    const other = await member();
    const deleted = await buildMember(t.db, { member: { email: uniqueEmail('gone'), deletedAt: new Date() } });
    for (const email of [other.email.toUpperCase(), deleted.member.email]) {
      const res = await requestChange(m.cookie, email);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'validation_failed',
        message: 'Controleer de ingevulde gegevens.',
        fields: { email: 'Dit e-mailadres heeft al een account op deze site.' },
      });
    }
    const en = await requestChange(m.cookie, other.email, PASSWORD, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.json().fields).toEqual({ email: 'This e-mail address already has an account on this site.' });
    expect(await mailsTo(t.db, other.email)).toEqual([]);
  });

  it('takes an address whose account is past its reactivation days', async () => {
    const m = await member();
    const old = await buildMember(t.db, {
      member: { email: uniqueEmail('old'), deletedAt: new Date(Date.now() - 15 * 24 * 3_600_000) },
    });
    expect((await requestChange(m.cookie, old.member.email)).statusCode).toBe(200);
    const token = tokenOf((await mailsTo(t.db, old.member.email)).at(-1)!.text, '/mail-change/do');
    expect((await confirm(token)).json()).toEqual({ email: old.member.email });
    expect((await memberRow(old.member.id)).email).toBe(`erased-${old.member.id}@invalid`);
  });

  it('answers email_unchanged for the current address, email_invalid for a malformed one', async () => {
    const m = await member();
    const same = await requestChange(m.cookie, m.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({ email: 'Dit is al je e-mailadres.' });
    const bad = await requestChange(m.cookie, 'not an address');
    expect(bad.json().fields).toEqual({ email: 'Ongeldige e-mail' });
  });

  it('answers password_wrong for a wrong password, together with an address problem', async () => {
    const m = await member();
    const other = await member();
    const next = uniqueEmail('next');
    const res = await requestChange(m.cookie, next, 'wrong password');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: 'Dit wachtwoord klopt niet.' });
    expect(await mailsTo(t.db, next)).toEqual([]);
    const both = await requestChange(m.cookie, other.email, 'wrong password', { cookie: `${m.cookie}; locale=en` });
    expect(both.json().fields).toEqual({
      email: 'This e-mail address already has an account on this site.',
      password: 'This password is incorrect.',
    });
  });

  it('answers 409 email_in_use when the address was taken after the link was mailed', async () => {
    const m = await member();
    const next = uniqueEmail('race');
    await requestChange(m.cookie, next);
    const token = tokenOf((await mailsTo(t.db, next))[0]!.text, '/mail-change/do');
    await buildMember(t.db, { member: { email: next } });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'email_in_use',
      message: 'Dit e-mailadres heeft al een account op deze site.',
    });
    expect((await memberRow(m.member.id)).email).toBe(m.email);
  });

  it('answers 400 mail_change_token_invalid for an unknown, expired or foreign link', async () => {
    const m = await member();
    const next = uniqueEmail('late');
    await requestChange(m.cookie, next);
    const token = tokenOf((await mailsTo(t.db, next))[0]!.text, '/mail-change/do');
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.memberId, m.member.id));
    for (const tok of [token, 'x'.repeat(43), 'short']) {
      const res = await confirm(tok);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('mail_change_token_invalid');
    }
    const en = await confirm('short', { cookie: 'locale=en' });
    expect(en.json().message).toBe('This link to change your e-mail address has expired or is invalid.');
    expect((await memberRow(m.member.id)).email).toBe(m.email);
  });

  it('spends the other change links once one is followed', async () => {
    const m = await member();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await requestChange(m.cookie, first);
    await requestChange(m.cookie, second);
    const firstToken = tokenOf((await mailsTo(t.db, first))[0]!.text, '/mail-change/do');
    const secondToken = tokenOf((await mailsTo(t.db, second))[0]!.text, '/mail-change/do');
    expect((await confirm(secondToken)).statusCode).toBe(200);
    expect((await confirm(firstToken)).json().error).toBe('mail_change_token_invalid');
    expect((await memberRow(m.member.id)).email).toBe(second);
  });

  it('answers 403 authentication_required to a visitor', async () => {
    const res = await call('POST', '/api/email-change.php', undefined, { email: uniqueEmail(), password: PASSWORD });
    expect(res.statusCode).toBe(403);
  });
});
