import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/factories.js';
import { XHR, buildTestApp, type TestApp } from '../../../test/helpers.js';
import type { Mailer } from '../../platform/mail/index.js';

const received: Array<{ to: string[]; raw: string }> = [];
let server: SMTPServer;
let t: TestApp;
let failing: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  const broken: Mailer = {
    kind: 'smtp',
    send: () => Promise.reject(new Error('smtp down')),
    close: async () => {},
  };
  failing = await buildTestApp({}, { db: t.db, mailer: broken });
});
afterAll(async () => {
  await failing?.close();
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function body(email: string) {
  return {
    email,
    password: 'a fine password',
    name: 'Mila',
    date_of_birth: '1992-08-01',
    gender: 'female',
    sexuality: 'bi',
    country: 'BE',
    terms: true,
    language: 'fr',
  };
}

describe('accounts mail with SMTP_URL set', () => {
  it('sends the activation mail of a signup through the SMTP server', async () => {
    const email = uniqueEmail('smtp');
    const res = await t.app.inject({ method: 'POST', url: '/api/signup.php', headers: XHR, payload: body(email) });
    expect(res.statusCode).toBe(200);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(/^From: "?Amoria"? <support@amoria\.example>\r?$/m);
    expect(mail!.raw).toMatch(/^Subject: Confirmez votre adresse e-mail sur Amoria\r?$/m);
    expect(mail!.raw.replace(/=\r?\n/g, '')).toMatch(/\/api\/activate\.php\?token=3D[\w-]{43}/);
  });

  it('still signs the member up when the mail cannot be sent (the member can ask again)', async () => {
    const email = uniqueEmail('nomail');
    const res = await failing.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: XHR,
      payload: body(email),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.status).toBe('not_confirmed');
  });
});
