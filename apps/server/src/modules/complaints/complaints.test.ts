import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLAINT_MESSAGE_MAX_LENGTH,
  COMPLAINT_MESSAGE_MIN_LENGTH,
  ComplaintResponseSchema,
  ErrorResponseSchema,
  LOCALES,
  complaintReference,
} from '@app/shared';
import { buildMember, buildSite, mailsTo, uniqueEmail } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { complaints } from '../../db/schema/index.js';
import type { Mailer } from '../../platform/mail/index.js';
import { COMPLAINT_RATE_LIMIT } from './complaints.routes.js';
import { COMPLAINT_COPY_LENGTH, complaintConfirmationMail, complaintSupportMail } from './complaints.mails.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

let addresses = 0;
/** A client address of its own for each call site, so the per-address limit never mixes tests. */
const nextAddress = () => `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sanne de Vries',
  email: uniqueEmail('sender'),
  topic: 'member',
  subject: 'Profiel 4711, Lotte',
  message: 'Dit lid stuurde mij herhaaldelijk onaardige berichten.\nKunnen jullie dit bekijken?',
  ...overrides,
});

interface PostOptions {
  host?: string;
  cookie?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

function post(payload: Record<string, unknown>, opts: PostOptions = {}, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/complaint.php',
    payload,
    remoteAddress: opts.remoteAddress ?? nextAddress(),
    headers: {
      ...XHR,
      ...(opts.host ? { host: opts.host } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
  });
}

async function storedFor(email: string) {
  return t.db.select().from(complaints).where(eq(complaints.email, email));
}

/** A site of its own, so its support mailbox holds only this test's mails. */
async function siteWithSupport(domainLanguage: 'nl' | 'de' = 'nl') {
  const supportEmail = uniqueEmail('support');
  const domain = await buildSite(t.db, {
    support_email: supportEmail,
    domain_language: domainLanguage,
    name: 'Amoria',
  });
  return { domain, supportEmail };
}

describe('POST /api/complaint.php', () => {
  it('stores a visitor’s complaint as open and mails the sender and support', async () => {
    const { domain, supportEmail } = await siteWithSupport();
    const body = form();
    const res = await post(body, { host: domain, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(res.statusCode, res.body).toBe(200);
    const { complaint } = ComplaintResponseSchema.parse(res.json());
    expect(complaint.reference).toBe(complaintReference(complaint.id));
    expect(complaint.reference).toMatch(/^C-\d{6,}$/);

    const [row] = await storedFor(body.email);
    expect(row).toMatchObject({
      id: complaint.id,
      domain,
      language: 'en',
      memberId: null,
      name: body.name,
      topic: 'member',
      subject: body.subject,
      message: body.message,
      status: 'open',
    });

    const [confirmation, ...moreToSender] = await mailsTo(t.db, body.email);
    expect(moreToSender).toEqual([]);
    expect(confirmation!.subject).toBe(`We have received your complaint (${complaint.reference})`);
    expect(confirmation!.text).toContain('Hello Sanne de Vries,');
    expect(confirmation!.text).toContain(`registered it under reference ${complaint.reference}`);
    expect(confirmation!.text).toContain('> Dit lid stuurde mij herhaaldelijk onaardige berichten.');
    expect(confirmation!.text).toContain(supportEmail);
    expect(confirmation!.html).toContain('lang="en"');
    expect(confirmation!.html).toContain(`href="mailto:${supportEmail}"`);

    const [toSupport, ...moreToSupport] = await mailsTo(t.db, supportEmail);
    expect(moreToSupport).toEqual([]);
    // The site's language (nl), whatever the sender reads.
    expect(toSupport!.subject).toBe(`Klacht ${complaint.reference} (Een lid) van Sanne de Vries`);
    expect(toSupport!.text).toContain(`Kenmerk: ${complaint.reference}`);
    expect(toSupport!.text).toContain(`E-mailadres: ${body.email}`);
    expect(toSupport!.text).toContain('Gaat over: Profiel 4711, Lotte');
    expect(toSupport!.text).toContain('Lidnummer: Geen (niet ingelogd)');
    expect(toSupport!.text).toContain('Taal: en');
    expect(toSupport!.text).toContain(body.message);
    expect(toSupport!.headers).toMatchObject({ 'Reply-To': `"Sanne de Vries" <${body.email}>` });
  });

  it('writes the confirmation in the locale cookie’s language and support’s mail in the domain’s', async () => {
    const { domain, supportEmail } = await siteWithSupport('de');
    const body = form({ topic: 'payment', subject: undefined });
    const res = await post(body, { host: domain, cookie: 'locale=fr', headers: { 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    const { reference } = ComplaintResponseSchema.parse(res.json()).complaint;

    const [row] = await storedFor(body.email);
    expect(row).toMatchObject({ language: 'fr', topic: 'payment', subject: null });
    const [confirmation] = await mailsTo(t.db, body.email);
    expect(confirmation!.subject).toBe(`Nous avons bien reçu votre réclamation (${reference})`);
    expect(confirmation!.text).toContain('Sujet: Un paiement');
    expect(confirmation!.text).not.toContain('Concerne:');
    const [toSupport] = await mailsTo(t.db, supportEmail);
    expect(toSupport!.subject).toBe(`Beschwerde ${reference} (Eine Zahlung) von Sanne de Vries`);
    expect(toSupport!.text).toContain('Betrifft: Keine Angabe');
  });

  it('attaches the member’s id when a member is logged in', async () => {
    const { domain, supportEmail } = await siteWithSupport();
    const { member } = await buildMember(t.db);
    const body = form({ email: member.email, topic: 'service' });
    const res = await post(body, { host: domain, cookie: await loginCookie(t.db, member.id) });
    expect(res.statusCode, res.body).toBe(200);

    const [row] = await storedFor(member.email);
    expect(row).toMatchObject({ memberId: member.id, language: 'nl', topic: 'service' });
    const [toSupport] = await mailsTo(t.db, supportEmail);
    expect(toSupport!.text).toContain(`Lidnummer: ${member.id}`);
  });

  it('keeps the sender’s copy short and escapes what they wrote in the HTML', async () => {
    const { domain, supportEmail } = await siteWithSupport();
    const long = `<b>Let op</b> ${'woord '.repeat(300)}EINDE`;
    const body = form({ message: long, name: 'Jan "de" <Man>' });
    expect((await post(body, { host: domain })).statusCode).toBe(200);

    const [confirmation] = await mailsTo(t.db, body.email);
    expect(confirmation!.text).not.toContain('EINDE');
    expect(confirmation!.text).toContain('…');
    const quoted = confirmation!.text.match(/^> .*$/gm)!.join('\n');
    expect(quoted.length).toBeLessThanOrEqual(COMPLAINT_COPY_LENGTH + 3);
    expect(confirmation!.html).toContain('&lt;b&gt;Let op&lt;/b&gt;');
    expect(confirmation!.html).not.toContain('<b>Let op');
    expect(confirmation!.html).toContain('Jan &quot;de&quot; &lt;Man&gt;');

    const [toSupport] = await mailsTo(t.db, supportEmail);
    expect(toSupport!.text).toContain('EINDE');
    expect(toSupport!.headers).toMatchObject({ 'Reply-To': `"Jan de <Man>" <${body.email}>` });
  });

  describe('refuses a wrong form with the field’s translated message and stores nothing', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['a missing name', { name: undefined }, 'name', 'Dit veld is verplicht.'],
      ['an empty name', { name: '   ' }, 'name', 'Dit veld is verplicht.'],
      ['a long name', { name: 'n'.repeat(101) }, 'name', 'Gebruik hoogstens 100 tekens.'],
      ['a missing e-mail address', { email: undefined }, 'email', 'Dit veld is verplicht.'],
      ['a wrong e-mail address', { email: 'sanne@' }, 'email', 'Ongeldige e-mail'],
      ['a missing topic', { topic: undefined }, 'topic', 'Dit veld is verplicht.'],
      ['an unknown topic', { topic: 'weather' }, 'topic', 'Kies een van de aangeboden mogelijkheden.'],
      ['a long subject', { subject: 's'.repeat(201) }, 'subject', 'Gebruik hoogstens 200 tekens.'],
      ['a missing message', { message: undefined }, 'message', 'Dit veld is verplicht.'],
      ['an empty message', { message: '  ' }, 'message', 'Dit veld is verplicht.'],
      [
        'a short message',
        { message: 'x'.repeat(COMPLAINT_MESSAGE_MIN_LENGTH - 1) },
        'message',
        `Gebruik minstens ${COMPLAINT_MESSAGE_MIN_LENGTH} tekens.`,
      ],
      [
        'a long message',
        { message: 'x'.repeat(COMPLAINT_MESSAGE_MAX_LENGTH + 1) },
        'message',
        `Gebruik hoogstens ${COMPLAINT_MESSAGE_MAX_LENGTH} tekens.`,
      ],
    ];
    it.each(cases)('%s', async (_name, change, field, text) => {
      const email = uniqueEmail('refused');
      const body = form({ email, ...change });
      const res = await post(body, { cookie: 'locale=nl' });
      expect(res.statusCode, res.body).toBe(400);
      const error = ErrorResponseSchema.parse(res.json());
      expect(error.error).toBe('validation_failed');
      expect(error.fields).toEqual({ [field]: text });
      expect(await storedFor(email)).toEqual([]);
      expect(await mailsTo(t.db, email)).toEqual([]);
    });

    it('in the request’s language', async () => {
      const res = await post(form({ email: 'nope', topic: undefined }), { headers: { 'accept-language': 'de' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ email: 'Ungültige E-Mail', topic: expect.any(String) });
    });
  });

  it('refuses a call without the request-type header', async () => {
    const body = form();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaint.php',
      payload: body,
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('request_type_required');
    expect(await storedFor(body.email)).toEqual([]);
  });

  it(`allows ${COMPLAINT_RATE_LIMIT.max} complaints per address in ten minutes`, async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < COMPLAINT_RATE_LIMIT.max; i++) {
      expect((await post(form(), { remoteAddress })).statusCode).toBe(200);
    }
    const body = form();
    const refused = await post(body, { remoteAddress, cookie: 'locale=nl' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'rate_limited',
      message: 'Te veel verzoeken, probeer het zo opnieuw.',
    });
    expect(await storedFor(body.email)).toEqual([]);
    // Another address is not held up.
    expect((await post(form())).statusCode).toBe(200);
  });
});

describe('POST /api/complaint.php when mail fails', () => {
  const logLines: string[] = [];
  let failing: TestApp;
  beforeAll(async () => {
    const mailer: Mailer = {
      kind: 'smtp',
      async send(mail) {
        throw Object.assign(new Error(`550 mailbox unavailable: ${mail.to}`), { code: 'EENVELOPE' });
      },
      async close() {},
    };
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    failing = await buildTestApp({}, { db: t.db, mailer, logger });
  });
  afterAll(async () => failing?.close());

  it('still stores the complaint and answers its reference, logging ids only', async () => {
    const body = form({ name: 'Geheime Naam', message: 'Een bericht dat niet in het log mag staan.' });
    const res = await post(body, {}, failing.app);
    expect(res.statusCode, res.body).toBe(200);
    const { complaint } = ComplaintResponseSchema.parse(res.json());
    const [row] = await storedFor(body.email);
    expect(row).toMatchObject({ id: complaint.id, status: 'open' });

    const failures = logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'sending a complaint mail failed');
    expect(failures.map((f) => f.mail).sort()).toEqual(['confirmation', 'support']);
    expect(failures[0]).toMatchObject({ complaintId: complaint.id, err: { code: 'EENVELOPE' } });
    const log = logLines.join('\n');
    for (const secret of [body.email, body.name, body.message, 'support@amoria.example']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('complaint mails', () => {
  const complaint = {
    reference: 'C-000042',
    name: 'Sanne',
    email: 'sanne@example.test',
    topic: 'other' as const,
    subject: 'Iets',
    message: 'Een bericht van genoeg lengte.',
    memberId: 7,
    language: 'nl' as const,
    domain: 'amoria.example',
  };
  const site = { name: 'Amoria', domain: 'amoria.example' };

  it.each(LOCALES)('render in %s with every placeholder filled', (locale) => {
    const mails = [
      complaintConfirmationMail({ locale, site, supportEmail: 'support@amoria.example', complaint }),
      complaintSupportMail({ locale, site, complaint }),
    ];
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\{|\}\}/);
      expect(mail.subject).toContain('C-000042');
      expect(mail.html).toContain(`lang="${locale}"`);
    }
    expect(mails[0]!.text).toContain('support@amoria.example');
    expect(mails[1]!.text).toContain('sanne@example.test');
  });
});
