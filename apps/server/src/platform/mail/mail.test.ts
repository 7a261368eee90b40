import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@app/shared';
import { createSmtpMailer } from './smtp.js';
import { linksIn } from './links.js';
import {
  accountDeletedMail,
  activationMail,
  emailChangeMail,
  emailChangedMail,
  escapeHtml,
  passwordResetMail,
} from './templates.js';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a mail's text. */
function decodeQuotedPrintable(raw: string): string {
  return Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

describe('SMTP mailer', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a rendered mail to a real SMTP server', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`);
    const link = 'http://localhost:3000/api/activate.php?token=abc_DEF-123';
    const mail = activationMail({
      locale: 'en',
      site: { name: 'Amoria', domain: 'localhost' },
      name: 'Sanne',
      link,
      hours: 48,
    });
    await mailer.send({ to: 'sanne@example.test', from: '"Amoria" <support@example.test>', ...mail });
    await mailer.close();

    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.to).toEqual(['sanne@example.test']);
    expect(got.from).toBe('support@example.test');
    expect(got.raw).toMatch(/^Subject: Confirm your e-mail address for Amoria\r?$/m);
    expect(got.raw).toMatch(/^To: sanne@example\.test\r?$/m);
    const body = decodeQuotedPrintable(got.raw);
    expect(body).toContain('Hello Sanne,');
    expect(body).toContain(link);
    expect(body).toContain('This link is valid for 48 hours.');
    expect(body).toContain('<a href="http://localhost:3000/api/activate.php?token=abc_DEF-123"');
  });

  it('sends a Reply-To when the mail names one', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`);
    await mailer.send({
      to: 'support@example.test',
      from: '"Amoria" <support@example.test>',
      replyTo: '"Sanne" <sanne@example.test>',
      subject: 'Complaint C-000001',
      text: 'text',
      html: '<p>text</p>',
    });
    await mailer.close();
    const got = received.at(-1)!;
    expect(got.to).toEqual(['support@example.test']);
    expect(got.raw).toMatch(/^Reply-To: Sanne <sanne@example\.test>\r?$/m);
  });
});

describe('mail templates', () => {
  const site = { name: 'Amoria', domain: 'amoria.example' };

  it('word the activation mail in Dutch by the spec of the site', () => {
    const mail = activationMail({ locale: 'nl', site, name: 'Jan', link: 'https://amoria.example/x', hours: 48 });
    expect(mail.subject).toBe('Bevestig je e-mailadres bij Amoria');
    expect(mail.text).toContain('Hallo Jan,');
    expect(mail.text).toContain('https://amoria.example/x');
    expect(mail.text).toContain('Deze link is 48 uur geldig.');
    expect(mail.text).toContain('Deze e-mail is verstuurd door Amoria (amoria.example).');
    expect(mail.html).toContain('lang="nl"');
  });

  it.each(LOCALES)('render in %s with every placeholder filled', (locale) => {
    for (const render of [activationMail, passwordResetMail]) {
      const mail = render({ locale, site, name: 'Jan', link: 'https://amoria.example/x', hours: 2 });
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/\{\{|\}\}/);
      }
      expect(mail.subject).toContain('Amoria');
      expect(linksIn(mail.text)).toEqual(['https://amoria.example/x']);
    }
  });

  it.each(LOCALES)('render the account settings mails in %s with every placeholder filled', (locale) => {
    const link = 'https://amoria.example/y';
    const mails = [
      emailChangeMail({ locale, site, name: 'Jan', email: 'new@example.test', link, hours: 24 }),
      accountDeletedMail({ locale, site, name: 'Jan', link, until: new Date('2026-12-06T10:00:00Z') }),
    ];
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\{|\}\}/);
      expect(mail.subject).toContain('Amoria');
      expect(linksIn(mail.text)).toEqual([link]);
    }
    expect(mails[0]!.text).toContain('new@example.test');
    expect(mails[1]!.text).toMatch(/2026/);
    const notice = emailChangedMail({
      locale,
      site,
      name: 'Jan',
      email: 'new@example.test',
      supportEmail: 'support@amoria.example',
    });
    for (const part of [notice.subject, notice.text, notice.html]) expect(part).not.toMatch(/\{\{|\}\}/);
    expect(notice.text).toContain('new@example.test');
    expect(notice.text).toContain('support@amoria.example');
    expect(notice.html).toContain('<a href="mailto:support@amoria.example"');
    expect(linksIn(notice.text)).toEqual([]);
  });

  it('word the account settings mails in Dutch', () => {
    const change = emailChangeMail({
      locale: 'nl',
      site,
      name: 'Jan',
      email: 'nieuw@example.test',
      link: 'https://amoria.example/mail-change/do?token=t',
      hours: 24,
    });
    expect(change.subject).toBe('Bevestig je nieuwe e-mailadres bij Amoria');
    expect(change.text).toContain('wijzigen in nieuw@example.test.');
    expect(change.text).toContain('Deze link is 24 uur geldig en werkt één keer.');
    const deleted = accountDeletedMail({
      locale: 'nl',
      site,
      name: 'Jan',
      link: 'https://amoria.example/api/reactivate.php?token=t',
      until: new Date('2026-12-06T10:00:00Z'),
    });
    expect(deleted.subject).toBe('Je account bij Amoria is verwijderd');
    expect(deleted.text).toContain('Account heractiveren: https://amoria.example/api/reactivate.php?token=t');
    expect(deleted.text).toContain('Dat kan tot 6 december 2026.');
    const notice = emailChangedMail({
      locale: 'nl',
      site,
      name: 'Jan',
      email: 'nieuw@example.test',
      supportEmail: 'help@amoria.example',
    });
    expect(notice.subject).toBe('Je e-mailadres bij Amoria is gewijzigd');
    expect(notice.text).toContain('Neem dan meteen contact op met de klantenservice: help@amoria.example.');
  });

  it('escape names and links in the HTML part', () => {
    const mail = passwordResetMail({
      locale: 'en',
      site: { name: 'A&B', domain: 'ab.example' },
      name: '<script>alert(1)</script>',
      link: 'https://ab.example/reset-password/do?token=a"b',
      hours: 2,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('href="https://ab.example/reset-password/do?token=a&quot;b"');
    expect(mail.html).toContain('A&amp;B');
    expect(escapeHtml(`'`)).toBe('&#39;');
    const notice = emailChangedMail({
      locale: 'en',
      site,
      name: 'Jan',
      email: '"><img src=x>@example.test',
      supportEmail: 'help@amoria.example',
    });
    expect(notice.html).not.toContain('<img');
  });
});
