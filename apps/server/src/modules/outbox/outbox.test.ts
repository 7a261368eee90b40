import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxResponseSchema } from '@app/shared';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createOutboxMailer } from '../../platform/mail/outbox.js';

let t: TestApp;
let withSmtp: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  withSmtp = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:1' }, { db: t.db });
});
afterAll(async () => {
  await withSmtp?.close();
  await t?.close();
});

describe('GET /api/outbox.php', () => {
  it('lists the outbox mails newest first while no SMTP server is configured', async () => {
    const outbox = createOutboxMailer(t.db, t.app.log);
    await outbox.send({ to: 'a@example.test', subject: 'First', text: 'one https://x.test/1', html: '<p>one</p>' });
    await outbox.send({ to: 'b@example.test', subject: 'Second', text: 'two', html: '<p>two</p>' });
    const res = await t.app.inject({ method: 'GET', url: '/api/outbox.php' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { mails } = OutboxResponseSchema.parse(res.json());
    expect(mails.slice(0, 2).map((m) => [m.to, m.subject, m.text, m.html])).toEqual([
      ['b@example.test', 'Second', 'two', '<p>two</p>'],
      ['a@example.test', 'First', 'one https://x.test/1', '<p>one</p>'],
    ]);
    expect(Date.parse(mails[0]!.created_at)).not.toBeNaN();
  });

  it('answers 404 to any address but this machine, as the mails hold login links', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/api/outbox.php', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toMatchObject({ error: 'not_found' });
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/api/outbox.php',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
  });

  it('does not exist when mail goes out through SMTP', async () => {
    const res = await withSmtp.app.inject({ method: 'GET', url: '/api/outbox.php' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});
