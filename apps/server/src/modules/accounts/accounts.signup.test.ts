import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignupResponseSchema, type SignupBody } from '@app/shared';
import { buildMember, buildSite, mailsTo, passwordHash, tokenOf, uniqueEmail } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, signupBody as formSignup, type TestApp } from '../../../test/helpers.js';
import { accountTokens, memberTracking, members, pendingFirstMessages, profiles } from '../../db/schema/index.js';
import { mayMail } from '../notifications/notifications.service.js';

const GENEROUS = { max: 1000, timeWindow: 60_000 };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { accountRateLimits: { signup: GENEROUS, activation: GENEROUS } });
});
afterAll(async () => t?.close());

/** The form's signup (test/helpers.ts) with any field overridden, malformed values included. */
function signupBody(overrides: Partial<Record<keyof SignupBody, unknown>> = {}): Record<string, unknown> {
  return { ...formSignup(uniqueEmail('signup'), { date_of_birth: '1990-04-12' }), ...overrides };
}

function signup(payload: Record<string, unknown>, headers: Record<string, string> = {}, app = t.app) {
  return app.inject({ method: 'POST', url: '/api/signup.php', headers: { ...XHR, ...headers }, payload });
}

function sessionCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  return `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
}

async function memberByEmail(email: string) {
  const [row] = await t.db.select().from(members).where(eq(members.email, email));
  return row!;
}

describe('POST /api/signup.php', () => {
  it('records the landing page a visitor arrived on, without a traffic source too', async () => {
    const body = signupBody({ landing: 'members/12/landing2/nl' });
    expect((await signup(body)).statusCode).toBe(200);
    const member = await memberByEmail(body.email as string);
    const [tracking] = await t.db.select().from(memberTracking).where(eq(memberTracking.memberId, member.id));
    expect(tracking).toMatchObject({ network: null, landing: 'members/12/landing2/nl' });
  });

  it('creates an unconfirmed member with the signup credits, logs in and mails the activation link at once', async () => {
    const body = signupBody({
      tracking: { network: 'adnet', ref: 'r1', sub1: 's1' },
      landing: 'landers/gallery/milf-de',
    });
    const res = await signup(body);
    expect(res.statusCode).toBe(200);
    const { user } = SignupResponseSchema.parse(res.json());
    expect(user).toMatchObject({
      status: 'not_confirmed',
      credits: 20,
      paid_user: false,
      language: 'nl',
      notifications_disabled: [],
      profile: { name: 'Sanne', country: 'NL', status: 'disabled', main_image: null },
    });
    expect(Date.now() - Date.parse(user.signup_date)).toBeLessThan(60_000);

    const me = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: sessionCookie(res) } });
    expect(me.json().user.profile.id).toBe(user.profile.id);

    const member = await memberByEmail(body.email as string);
    expect(member).toMatchObject({ domain: 'localhost', language: 'nl', status: 'not_confirmed' });
    expect(member.passwordHash).toMatch(/^\$argon2id\$/);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.memberId, member.id));
    expect(profile).toMatchObject({
      gender: 'female',
      sexuality: 'hetero',
      birthDate: '1990-04-12',
      status: 'disabled',
    });
    const [tracking] = await t.db.select().from(memberTracking).where(eq(memberTracking.memberId, member.id));
    expect(tracking).toMatchObject({
      network: 'adnet',
      ref: 'r1',
      sub1: 's1',
      sub2: null,
      sub3: null,
      landing: 'landers/gallery/milf-de',
    });

    const [mail, ...more] = await mailsTo(t.db, body.email as string);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Bevestig je e-mailadres bij Amoria');
    expect(mail!.text).toContain('Hallo Sanne,');
    expect(mail!.text).toContain('Deze link is 48 uur geldig.');
    expect(mail!.text).toMatch(/http:\/\/localhost(:80)?\/api\/activate\.php\?token=[\w-]{43}/);
    // Only the token's hash is stored.
    const token = tokenOf(mail!.text, '/api/activate.php');
    const [stored] = await t.db.select().from(accountTokens).where(eq(accountTokens.memberId, member.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeCloseTo(48 * 3600_000, -4);
  });

  it('mails in the language of the signup', async () => {
    const body = signupBody({ language: 'en', name: 'Kate' });
    expect((await signup(body)).json().user.language).toBe('en');
    const [mail] = await mailsTo(t.db, body.email as string);
    expect(mail!.subject).toBe('Confirm your e-mail address for Amoria');
    expect(mail!.text).toContain('Hello Kate,');
  });

  describe('answers the spec texts per field', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['an invalid e-mail', { email: 'not-an-address' }, 'email', 'Ongeldige e-mail'],
      ['a missing birth date', { date_of_birth: undefined }, 'date_of_birth', 'Vul uw geboortedatum in'],
      ['an empty birth date', { date_of_birth: '' }, 'date_of_birth', 'Vul uw geboortedatum in'],
      ['an impossible birth date', { date_of_birth: '1990-02-30' }, 'date_of_birth', 'Ongeldige geboortedatum.'],
      ['a birth date in the future', { date_of_birth: '2999-01-01' }, 'date_of_birth', 'Ongeldige geboortedatum.'],
      ['a wrongly written birth date', { date_of_birth: '12-04-1990' }, 'date_of_birth', 'Ongeldige geboortedatum.'],
      ['terms not accepted', { terms: false }, 'terms', 'Je moet de algemene voorwaarden accepteren.'],
      ['terms missing', { terms: undefined }, 'terms', 'Je moet de algemene voorwaarden accepteren.'],
      ['a name starting with @', { name: '@sanne' }, 'name', 'Je profielnaam mag niet met @ beginnen.'],
      ['a short password', { password: 'short' }, 'password', 'Gebruik minstens 8 tekens.'],
    ];
    it.each(cases)('%s', async (_label, overrides, field, message) => {
      const res = await signup(signupBody(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message: 'Controleer de ingevulde gegevens.' });
      expect(res.json().fields[field]).toBe(message);
    });

    it('a name equal to the e-mail address', async () => {
      const email = uniqueEmail('same');
      const res = await signup(signupBody({ email, name: email.toUpperCase() }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ name: 'Je profielnaam moet anders zijn dan je e-mailadres' });
    });

    it('someone under the minimum age of 18', async () => {
      const today = new Date();
      const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
      const res = await signup(signupBody({ date_of_birth: seventeen }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ date_of_birth: 'Je moet minstens 18 jaar oud zijn.' });
    });

    it('in English for an English visitor', async () => {
      const res = await signup(signupBody({ email: 'nope', date_of_birth: '' }), { cookie: 'locale=en' });
      expect(res.json().fields).toEqual({ email: 'Invalid e-mail', date_of_birth: 'Please enter your date of birth' });
    });
  });

  it("uses the site's min_age", async () => {
    const host = await buildSite(t.db, { min_age: 21 });
    const twenty = `${new Date().getUTCFullYear() - 20}-01-01`;
    const res = await signup(signupBody({ date_of_birth: twenty }), { host });
    expect(res.json().fields).toEqual({ date_of_birth: 'Je moet minstens 21 jaar oud zijn.' });
  });

  it('answers 409 email_taken for the address of an active account, whatever its case', async () => {
    const { member } = await buildMember(t.db);
    const res = await signup(signupBody({ email: member.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'email_taken',
      message: 'Er bestaat al een account met dit e-mailadres. Log in met dit e-mailadres.',
    });
  });

  it('answers 409 account_deleted for an account deleted less than 14 days ago', async () => {
    const { member } = await buildMember(t.db, { member: { deletedAt: new Date(Date.now() - 3 * 86_400_000) } });
    const res = await signup(signupBody({ email: member.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('account_deleted');
    expect(res.json().message).toContain('heractiveren');
  });

  it('lets the address of an account deleted more than 14 days ago sign up anew', async () => {
    const { member } = await buildMember(t.db, { member: { deletedAt: new Date(Date.now() - 20 * 86_400_000) } });
    const res = await signup(signupBody({ email: member.email }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.profile.id).not.toBe(member.id);
  });

  it("refuses signups when the site's policy is neither 'all' nor met", async () => {
    const closed = await buildSite(t.db, { signups: 'none' });
    const res = await signup(signupBody({ tracking: { network: 'n' } }), { host: closed });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'signups_closed', message: 'Aanmelden is op dit moment niet mogelijk.' });
  });

  it("with 'with_trafficsource' signs up only visitors who bring a traffic source, on the site's domain", async () => {
    const host = await buildSite(t.db, { signups: 'with_trafficsource', signup_credits: 7 });
    expect((await signup(signupBody(), { host })).json().error).toBe('signups_closed');
    expect((await signup(signupBody({ tracking: { ref: '' } }), { host })).json().error).toBe('signups_closed');
    const body = signupBody({ tracking: { sub3: 'campaign' } });
    const res = await signup(body, { host });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.credits).toBe(7);
    const member = await memberByEmail(body.email as string);
    expect(member.domain).toBe(host);
    const [mail] = await mailsTo(t.db, member.email);
    expect(mail!.text).toContain(`http://${host}`);
  });

  it('keeps the first message for the member of /members/{id}/signup', async () => {
    const { member: recipient } = await buildMember(t.db);
    const body = signupBody({ recipient_id: recipient.id, signup_message: ' Hoi! ' });
    const res = await signup(body);
    const sender = await memberByEmail(body.email as string);
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(pendingFirstMessages).where(eq(pendingFirstMessages.senderId, sender.id));
    expect(rows.map((r) => [r.recipientId, r.body])).toEqual([[recipient.id, 'Hoi!']]);
  });

  it('ignores a first message for a member that does not exist', async () => {
    const body = signupBody({ recipient_id: 987_654_321, signup_message: 'Hoi' });
    expect((await signup(body)).statusCode).toBe(200);
  });

  it('sends promotions and news only to a member who opted in; service mails stay on, and no alert is raised', async () => {
    const account = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/account.php', headers: { cookie } })).json().account
        .notification_preferences;

    const plainBody = signupBody();
    const plain = await signup(plainBody);
    expect(plain.statusCode).toBe(200);
    // Not having opted in is no disabled e-mail: the disabled-notifications alert stays away.
    expect(plain.json().user.notifications_disabled).toEqual([]);
    expect(await account(sessionCookie(plain))).toEqual({
      new_conversations: true,
      new_messages: true,
      like: true,
      unread_message_reminders: true,
      promotions: false,
      weekly_updates: true,
      news: false,
      reminders: true,
      visits: false,
    });
    const confirmed = { ...(await memberByEmail(plainBody.email as string)), status: 'confirmed' as const };
    expect(mayMail(confirmed, 'promotions')).toBe(false);
    expect(mayMail(confirmed, 'news')).toBe(false);
    expect(mayMail(confirmed, 'new_messages')).toBe(true);

    const optedIn = signupBody({ marketing: true });
    const res = await signup(optedIn);
    expect(res.statusCode).toBe(200);
    expect(await account(sessionCookie(res))).toMatchObject({ promotions: true, news: true, like: true });
    const member = { ...(await memberByEmail(optedIn.email as string)), status: 'confirmed' as const };
    expect(mayMail(member, 'promotions')).toBe(true);
    expect(mayMail(member, 'news')).toBe(true);
  });

  it('refuses a malformed opt-in with 400 and creates no member', async () => {
    const body = signupBody({ marketing: 'yes' });
    const res = await signup(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed' });
    expect(
      await t.db
        .select()
        .from(members)
        .where(eq(members.email, body.email as string)),
    ).toEqual([]);
  });

  it('starts any member stored without a choice with the marketing mails and visits off', async () => {
    const { member } = await buildMember(t.db);
    const [row] = await t.db.select().from(members).where(eq(members.id, member.id));
    expect(row!.notificationsOff).toEqual(['promotions', 'news', 'visits']);
  });
});

describe('GET /api/activate.php', () => {
  async function signedUp(): Promise<{ email: string; token: string; cookie: string }> {
    const body = signupBody();
    const res = await signup(body);
    const [mail] = await mailsTo(t.db, body.email as string);
    return { email: body.email as string, token: tokenOf(mail!.text, '/api/activate.php'), cookie: sessionCookie(res) };
  }

  it('confirms the account, activates the profile and redirects to /activate/done', async () => {
    const { email, token, cookie } = await signedUp();
    const res = await t.app.inject({ method: 'GET', url: `/api/activate.php?token=${token}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/activate/done');
    const me = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } });
    expect(me.json().user).toMatchObject({ status: 'confirmed', profile: { status: 'active' } });
    expect((await memberByEmail(email)).status).toBe('confirmed');
    // The link clicked again still shows the good news.
    const again = await t.app.inject({ method: 'GET', url: `/api/activate.php?token=${token}` });
    expect(again.headers.location).toBe('/activate/done');
  });

  it('redirects to /activate/error for a missing, unknown or expired token', async () => {
    const { token } = await signedUp();
    await t.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    for (const url of [
      '/api/activate.php',
      '/api/activate.php?token=short',
      `/api/activate.php?token=${'x'.repeat(43)}`,
      `/api/activate.php?token=${token}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/activate/error');
    }
  });
});

describe('POST /api/activation.php', () => {
  it('mails a new activation link to an unconfirmed member', async () => {
    const body = signupBody();
    const res = await signup(body);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/activation.php',
      headers: { ...XHR, cookie: sessionCookie(res) },
    });
    expect(again.json()).toEqual({ ok: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true });
    const mails = await mailsTo(t.db, body.email as string);
    expect(mails).toHaveLength(2);
    const token = tokenOf(mails[1]!.text, '/api/activate.php');
    const done = await t.app.inject({ method: 'GET', url: `/api/activate.php?token=${token}` });
    expect(done.headers.location).toBe('/activate/done');
  });

  it('answers 409 activation_failed for a confirmed member', async () => {
    const { member } = await buildMember(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/activation.php',
      headers: { ...XHR, cookie: await loginCookie(t.db, member.id) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'activation_failed', message: 'Activeren is mislukt.' });
  });

  it('refuses a visitor', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/activation.php', headers: XHR });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
  });

  it('is rate-limited per member', async () => {
    const strict = await buildTestApp(
      {},
      { db: t.db, accountRateLimits: { activation: { max: 1, timeWindow: 60_000 } } },
    );
    try {
      const { member } = await buildMember(t.db, {
        member: { status: 'not_confirmed', passwordHash: await passwordHash('whatever1') },
      });
      const headers = { ...XHR, cookie: await loginCookie(t.db, member.id) };
      expect((await strict.app.inject({ method: 'POST', url: '/api/activation.php', headers })).statusCode).toBe(200);
      const second = await strict.app.inject({ method: 'POST', url: '/api/activation.php', headers });
      expect(second.statusCode).toBe(429);
      expect(second.json().error).toBe('rate_limited');
    } finally {
      await strict.close();
    }
  });
});
