import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxResponseSchema } from '@app/shared';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createOutboxMailer } from '../../platform/mail/outbox.js';
import { createOutboxSmsSender } from '../../platform/sms/outbox.js';
import { linkifiedText } from './outbox.page.js';

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
    const outbox = createOutboxMailer(t.db, t.app.log, true);
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

describe('the SMS outbox', () => {
  it('lists the text messages newest first, by API and on the page, escaped', async () => {
    const sms = createOutboxSmsSender(t.db, t.app.log);
    await sms.send({ to: '+31611111111', text: 'Code 111111' });
    await sms.send({ to: '+31622222222', text: 'Code <222222>' });
    const res = await t.app.inject({ method: 'GET', url: '/api/outbox.php' });
    const listed = OutboxResponseSchema.parse(res.json()).sms;
    expect(listed.slice(0, 2).map((m) => [m.to, m.text])).toEqual([
      ['+31622222222', 'Code <222222>'],
      ['+31611111111', 'Code 111111'],
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.body).toContain('Code &lt;222222&gt;');
    expect(page.body.indexOf('+31622222222')).toBeLessThan(page.body.indexOf('+31611111111'));
  });
});

describe('GET /dev/outbox', () => {
  it('lists the mails newest first as a page, text escaped and links clickable', async () => {
    const outbox = createOutboxMailer(t.db, t.app.log, true);
    await outbox.send({ to: 'old@example.test', subject: 'Older mail', text: 'first', html: '' });
    await outbox.send({
      to: 'new@example.test',
      subject: 'Reset <b>now</b>',
      text: 'Hi <script>alert(1)</script>,\nclick http://localhost:3000/reset-password/do?token=abc_DEF-1&x=2 today',
      html: '',
    });
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.body;
    expect(page.indexOf('Reset &lt;b&gt;now&lt;/b&gt;')).toBeLessThan(page.indexOf('Older mail'));
    expect(page).toContain('new@example.test');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain(
      '<a href="http://localhost:3000/reset-password/do?token=abc_DEF-1&amp;x=2">http://localhost:3000/reset-password/do?token=abc_DEF-1&amp;x=2</a> today',
    );
    expect(page).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">/);
  });

  it('runs under the site CSP: no script, no inline style, its stylesheet from our origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).not.toMatch(/<script|<style|style=/i);
    expect(res.body).toContain('<link rel="stylesheet" href="/dev/outbox.css">');
    const css = await t.app.inject({ method: 'GET', url: '/dev/outbox.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('is not swallowed by the web app page when the web app is built', async () => {
    const webDistDir = mkdtempSync(join(tmpdir(), 'outbox-web-'));
    writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>SPA</title>');
    const withWeb = await buildTestApp({ webDistDir }, { db: t.db });
    try {
      const res = await withWeb.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1>Outbox</h1>');
      expect((await withWeb.app.inject({ method: 'GET', url: '/login' })).body).toContain('SPA');
    } finally {
      await withWeb.close();
      rmSync(webDistDir, { recursive: true, force: true });
    }
  });

  it('answers 404 to any address but this machine, and does not exist with SMTP', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox.css']) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
      const proxied = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(proxied.statusCode).toBe(404);
      const smtp = await withSmtp.app.inject({ method: 'GET', url });
      expect(smtp.statusCode).toBe(404);
      expect(smtp.body).not.toContain('Outbox');
    }
  });
});

describe('linkifiedText', () => {
  it('escapes everything and links only http(s) URLs', () => {
    expect(linkifiedText('a <b> "q" javascript:alert(1) https://x.test/p?a=1&b=<2>')).toBe(
      'a &lt;b&gt; &quot;q&quot; javascript:alert(1) <a href="https://x.test/p?a=1&amp;b=">https://x.test/p?a=1&amp;b=</a>&lt;2&gt;',
    );
    expect(linkifiedText('no links')).toBe('no links');
  });
});
