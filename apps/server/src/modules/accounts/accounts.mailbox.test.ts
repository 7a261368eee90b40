import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailKey } from '@app/shared';
import { buildMember, mailsTo, passwordHash, tokenOf } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, signupBody, type TestApp } from '../../../test/helpers.js';
import { members } from '../../db/schema/index.js';
import { recordBannedEmail } from './accounts.repository.js';

const GENEROUS = { max: 1000, timeWindow: 60_000 };
const PASSWORD = 'a fine password';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {},
    { accountRateLimits: { signup: GENEROUS, passwordCheck: GENEROUS, reactivation: GENEROUS } },
  );
});
afterAll(async () => t?.close());

/** A gmail-style name of its own per call, so tests never share a mailbox. */
const uniqueName = () => `jan${randomBytes(4).toString('hex')}`;

function signup(email: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: { ...XHR, ...headers },
    payload: signupBody(email, { password: PASSWORD, date_of_birth: '1990-04-12' }),
  });
}

async function memberRow(id: number) {
  const [row] = await t.db.select().from(members).where(eq(members.id, id));
  return row!;
}

describe('signup: one account per mailbox', () => {
  it('stores the mailbox key of a new account', async () => {
    const name = uniqueName();
    const email = `${name[0]}.${name.slice(1)}+dating@GoogleMail.com`;
    const res = await signup(email);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(members).where(eq(members.email, email));
    expect(row!.emailKey).toBe(`${name}@gmail.com`);
  });

  it('answers a dot or +tag variant of a used address as the address itself: email_taken', async () => {
    const name = uniqueName();
    expect((await signup(`${name}@gmail.com`)).statusCode).toBe(200);
    const taken = await signup(`${name}@gmail.com`);
    const variant = await signup(`${name[0]}.${name.slice(1)}+x@gmail.com`);
    expect(variant.statusCode).toBe(409);
    expect(variant.json()).toEqual(taken.json());
    expect(variant.json().error).toBe('email_taken');
  });

  it('refuses a throw-away address with a translated field text', async () => {
    const res = await signup(`${uniqueName()}@mailinator.com`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation_failed',
      fields: { email: 'Gebruik een vast e-mailadres, geen wegwerpadres.' },
    });
    const english = await signup(`${uniqueName()}@mailinator.com`, { cookie: 'locale=en' });
    expect(english.json().fields.email).toBe('Please use a permanent e-mail address, not a disposable one.');
  });

  it('refuses every variant of a banned mailbox', async () => {
    const name = uniqueName();
    await recordBannedEmail(t.db, emailKey(`${name}@gmail.com`), 'scam');
    const res = await signup(`${name}+new@googlemail.com`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Met dit e-mailadres kun je je niet meer aanmelden.' });
    const [row] = await t.db
      .select()
      .from(members)
      .where(eq(members.emailKey, `${name}@gmail.com`));
    expect(row).toBeUndefined();
  });
});

describe('e-mail change: one account per mailbox', () => {
  async function member(email?: string) {
    const built = await buildMember(t.db, {
      member: { passwordHash: await passwordHash(PASSWORD), ...(email ? { email } : {}) },
    });
    return { ...built, cookie: await loginCookie(t.db, built.member.id) };
  }

  function requestChange(cookie: string, email: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/email-change.php',
      headers: { ...XHR, cookie },
      payload: { email, password: PASSWORD },
    });
  }

  it('refuses a variant of another account’s address as in use', async () => {
    const name = uniqueName();
    await member(`${name}@gmail.com`);
    const m = await member();
    const res = await requestChange(m.cookie, `${name}+x@gmail.com`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Dit e-mailadres heeft al een account op deze site.' });
  });

  it('refuses a throw-away or banned address', async () => {
    const m = await member();
    const disposable = await requestChange(m.cookie, `${uniqueName()}@mailinator.com`);
    expect(disposable.json().fields).toEqual({ email: 'Gebruik een vast e-mailadres, geen wegwerpadres.' });

    const banned = `${uniqueName()}@example.nl`;
    await recordBannedEmail(t.db, emailKey(banned), 'spam');
    const res = await requestChange(m.cookie, banned);
    expect(res.json().fields).toEqual({ email: 'Met dit e-mailadres kun je je niet meer aanmelden.' });
  });

  it('stores the new mailbox key once the change is confirmed, and refuses it when banned meanwhile', async () => {
    const m = await member();
    const next = `${uniqueName()}+new@example.nl`;
    expect((await requestChange(m.cookie, next)).statusCode).toBe(200);
    const token = tokenOf((await mailsTo(t.db, next))[0]!.text, '/mail-change/do');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/email-change-do.php',
      headers: XHR,
      payload: { token },
    });
    expect(done.statusCode).toBe(200);
    expect(await memberRow(m.member.id)).toMatchObject({ email: next, emailKey: emailKey(next) });

    const later = `${uniqueName()}@example.nl`;
    expect((await requestChange(m.cookie, later)).statusCode).toBe(200);
    await recordBannedEmail(t.db, emailKey(later), 'spam');
    const laterToken = tokenOf((await mailsTo(t.db, later))[0]!.text, '/mail-change/do');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/email-change-do.php',
      headers: XHR,
      payload: { token: laterToken },
    });
    expect(refused.statusCode).toBe(400);
    expect((await memberRow(m.member.id)).email).toBe(next);
  });
});
