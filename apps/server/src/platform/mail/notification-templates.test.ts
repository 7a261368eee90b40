import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@app/shared';
import { linksIn } from './links.js';
import { createSmtpMailer } from './smtp.js';
import {
  likeMail,
  newConversationMail,
  newMessagesMail,
  unreadReminderMail,
  weeklyUpdateMail,
  type NotificationMailOpts,
} from './templates.js';

const base = (locale: (typeof LOCALES)[number]): NotificationMailOpts => ({
  locale,
  site: { name: 'Amoria', domain: 'amoria.example' },
  name: 'Jan',
  link: 'https://amoria.example/chats',
  unsubscribeLink: 'https://amoria.example/api/unsubscribe.php?token=1.like.abc',
});

const render = (locale: (typeof LOCALES)[number]) => [
  newConversationMail({ ...base(locale), sender: 'Anna' }),
  newMessagesMail({ ...base(locale), count: 1, senders: ['Anna'] }),
  newMessagesMail({ ...base(locale), count: 5, senders: ['Anna', 'Bram'] }),
  likeMail({ ...base(locale), liker: 'Anna' }),
  unreadReminderMail({ ...base(locale), count: 2, senders: ['Anna'] }),
  weeklyUpdateMail({ ...base(locale), newMembers: 3, likes: 1, unread: 22 }),
];

describe('notification mail templates', () => {
  it.each(LOCALES)('render in %s with every placeholder filled, the page link and the unsubscribe link', (locale) => {
    for (const mail of render(locale)) {
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\{|\}\}|_other|_one/);
      expect(linksIn(mail.text)).toEqual([base(locale).link, base(locale).unsubscribeLink]);
      expect(mail.html).toContain(`lang="${locale}"`);
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<${base(locale).unsubscribeLink}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    }
  });

  it('word the mails in Dutch, with plurals and a list of senders', () => {
    const [conversation, one, many, like, reminder, weekly] = render('nl');
    expect(conversation!.subject).toBe('Anna stuurde je een bericht op Amoria');
    expect(one!.text).toContain('Je hebt 1 nieuw bericht van Anna.');
    expect(many!.subject).toBe('Je hebt 5 nieuwe berichten op Amoria');
    expect(many!.text).toContain('Je hebt 5 nieuwe berichten van Anna en Bram.');
    expect(like!.subject).toBe('Anna vindt je leuk op Amoria');
    expect(reminder!.text).toContain('2 berichten van Anna heb je nog niet gelezen.');
    expect(weekly!.text).toContain('3 nieuwe leden bij jou in de buurt');
    expect(weekly!.text).toContain('1 persoon vindt je leuk');
    expect(weekly!.text).toContain('22 ongelezen berichten');
    expect(weekly!.text).toContain('Geen e-mails meer ontvangen? Afmelden: https://amoria.example/api/unsubscribe.php');
  });

  it('use the Polish plural forms', () => {
    const weekly = weeklyUpdateMail({ ...base('pl'), newMembers: 5, likes: 2, unread: 22 });
    expect(weekly.text).toContain('5 nowych członków');
    expect(weekly.text).toContain('2 osoby Cię lubią');
    expect(weekly.text).toContain('22 nieprzeczytane wiadomości');
  });

  it('leave out the counts that are zero and escape names in the HTML part', () => {
    const weekly = weeklyUpdateMail({ ...base('en'), newMembers: 0, likes: 2, unread: 0 });
    expect(weekly.text).toContain('2 people like you');
    expect(weekly.text).not.toMatch(/unread|new member/);
    const like = likeMail({ ...base('en'), liker: '<img src=x>' });
    expect(like.html).not.toContain('<img');
    expect(like.html).toContain('&lt;img src=x&gt;');
  });
});

describe('SMTP transport', () => {
  let server: SMTPServer;
  let port: number;
  const raws: string[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          raws.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the List-Unsubscribe headers', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`);
    await mailer.send({ to: 'jan@example.test', ...likeMail({ ...base('en'), liker: 'Anna' }) });
    await mailer.close();
    // Long headers are folded onto continuation lines.
    const raw = raws[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(
      /^List-Unsubscribe: <https:\/\/amoria\.example\/api\/unsubscribe\.php\?token=1\.like\.abc>\r?$/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });
});
