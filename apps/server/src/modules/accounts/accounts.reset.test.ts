import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, mailsTo, passwordHash, tokenOf, uniqueEmail } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { accountTokens, loginAttempts } from '../../db/schema/index.js';
import { hashToken } from '../../plugins/session.js';

const OLD = 'the old password';
const NEW = 'a brand new password';
const GENEROUS = { max: 1000, timeWindow: 60_000 };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { accountRateLimits: { passwordReset: GENEROUS, login: GENEROUS } });
});
afterAll(async () => t?.close());

async function member(language = 'nl') {
  const email = uniqueEmail('reset');
  const built = await buildMember(t.db, {
    member: { email, language, passwordHash: await passwordHash(OLD) },
    profile: { name: 'Joost' },
  });
  return { ...built, email };
}

function requestReset(email: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/password-reset.php',
    headers: { ...XHR, ...headers },
    payload: { email },
  });
}

function resetDo(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/password-reset-do.php', headers: { ...XHR, ...headers }, payload });
}

function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/user.php', headers: XHR, payload: { email, password } });
}

async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).json()).toEqual({ ok: true });
  const mails = await mailsTo(t.db, email);
  return tokenOf(mails.at(-1)!.text, '/reset-password/do');
}

describe('POST /api/password-reset.php', () => {
  it("mails a link to /reset-password/do in the member's language", async () => {
    const { email } = await member();
    const res = await requestReset(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await mailsTo(t.db, email);
    expect(mail!.subject).toBe('Stel een nieuw wachtwoord in voor Amoria');
    expect(mail!.text).toContain('Hallo Joost,');
    expect(mail!.text).toContain('Deze link is 2 uur geldig en werkt één keer.');
    expect(mail!.text).toMatch(/http:\/\/localhost(:80)?\/reset-password\/do\?token=[\w-]{43}/);
    expect(mail!.html).toContain('/reset-password/do?token=');

    const { email: en } = await member('en');
    await requestReset(en);
    expect((await mailsTo(t.db, en))[0]!.subject).toBe('Set a new password for Amoria');
  });

  it('answers 404 email_not_found for an unknown or deleted account', async () => {
    const { member: deleted } = await buildMember(t.db, { member: { deletedAt: new Date() } });
    for (const email of [uniqueEmail('nobody'), deleted.email]) {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'email_not_found', message: 'E-mailadres niet gevonden.' });
    }
    expect((await requestReset(uniqueEmail('nobody'), { cookie: 'locale=en' })).json().message).toBe(
      'E-mail address not found.',
    );
  });

  it('answers the invalid e-mail text for a malformed address', async () => {
    const res = await requestReset('not an address');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Ongeldige e-mail' });
  });

  it('sends at most 3 reset mails a member a day, then says to try tomorrow', async () => {
    const { email } = await member();
    for (let i = 0; i < 3; i++) expect((await requestReset(email)).statusCode).toBe(200);
    const fourth = await requestReset(email);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      error: 'reset_limit_reached',
      message: 'Er zijn vandaag te veel e-mails verstuurd om je wachtwoord te herstellen. Probeer het morgen opnieuw.',
    });
    expect(await mailsTo(t.db, email)).toHaveLength(3);
  });
});

describe('POST /api/password-reset-do.php', () => {
  it('sets the new password, ends every session and spends the link', async () => {
    const { member: m, email } = await member();
    const session = await loginCookie(t.db, m.id);
    const token = await resetToken(email);
    const res = await resetDo({ token, password: NEW, password_repeat: NEW });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const me = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: session } });
    expect(me.json().user).toBeNull();
    expect((await login(email, OLD)).statusCode).toBe(401);
    expect((await login(email, NEW)).statusCode).toBe(200);

    const again = await resetDo({ token, password: 'yet another one', password_repeat: 'yet another one' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('reset_token_invalid');
  });

  it('spends the other reset links of the member too, and lifts a login lock', async () => {
    const { member: m, email } = await member();
    const first = await resetToken(email);
    const second = await resetToken(email);
    await t.db.insert(loginAttempts).values([
      { memberId: m.id, address: '127.0.0.1', failures: 0, lockedUntil: new Date(Date.now() + 10 * 60_000) },
      { memberId: m.id, address: '*', failures: 0, lockedUntil: new Date(Date.now() + 10 * 60_000) },
    ]);
    expect((await resetDo({ token: second, password: NEW, password_repeat: NEW })).statusCode).toBe(200);
    expect((await resetDo({ token: first, password: NEW, password_repeat: NEW })).json().error).toBe(
      'reset_token_invalid',
    );
    expect((await login(email, NEW)).statusCode).toBe(200);
  });

  it("answers 'De opgegeven wachtwoorden zijn niet gelijk.' when the two passwords differ", async () => {
    const { email } = await member();
    const token = await resetToken(email);
    const res = await resetDo({ token, password: NEW, password_repeat: `${NEW}!` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      message: 'Controleer de ingevulde gegevens.',
      fields: { password_repeat: 'De opgegeven wachtwoorden zijn niet gelijk.' },
    });
    const en = await resetDo({ token, password: NEW, password_repeat: 'other password' }, { cookie: 'locale=en' });
    expect(en.json().fields).toEqual({ password_repeat: 'The passwords you entered do not match.' });
    // The link still works once the passwords match.
    expect((await resetDo({ token, password: NEW, password_repeat: NEW })).statusCode).toBe(200);
  });

  it('answers 400 reset_token_invalid for an unknown or expired link', async () => {
    const { member: m, email } = await member();
    const token = await resetToken(email);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.memberId, m.id));
    for (const tok of [token, 'x'.repeat(43), 'short']) {
      const res = await resetDo({ token: tok, password: NEW, password_repeat: NEW });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'reset_token_invalid', message: 'Deze link is verlopen of ongeldig.' });
    }
    expect((await login(email, OLD)).statusCode).toBe(200);
  });

  it('does not take an activation token', async () => {
    const { member: m } = await member();
    const token = 'a'.repeat(43);
    await t.db.insert(accountTokens).values({
      memberId: m.id,
      kind: 'activation',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect((await resetDo({ token, password: NEW, password_repeat: NEW })).json().error).toBe('reset_token_invalid');
  });
});
