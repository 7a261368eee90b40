import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NEW_MESSAGES_MAIL_MINUTES, UNREAD_REMINDER_HOURS } from '@app/shared';
import { buildBlock, buildLike, buildMember, mailsTo } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { jobRuns, members } from '../../db/schema/index.js';
import type { MailKind } from './notifications.service.js';

const SECRET = 'webhook-secret-0123456789';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ mailWebhookSecret: SECRET, eraseJobIntervalMinutes: 0 });
});
afterAll(async () => {
  await t?.close();
});

type Overrides = Parameters<typeof buildMember>[1];

async function member(overrides: Overrides = {}) {
  const built = await buildMember(t.db, {
    ...overrides,
    member: { paidUser: true, credits: 1000, ...overrides.member },
  });
  return { ...built.member, name: built.profile.name, cookie: await loginCookie(t.db, built.member.id) };
}

async function send(from: { cookie: string }, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/message.php', headers: { ...XHR, ...from }, payload });
  expect(res.statusCode).toBe(200);
  return res.json().message as { id: number; conversation_id: number };
}

/** The notification mails of a kind to an address: the kind is named in the unsubscribe token. */
async function mailsOf(email: string, kind: MailKind) {
  const rows = await mailsTo(t.db, email);
  return rows.filter((m) => m.headers['List-Unsubscribe']?.includes(`.${kind}.`));
}

function unsubscribeLinkOf(mail: { text: string; headers: Record<string, string> }): string {
  const header = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
  expect(header).toBeDefined();
  expect(mail.text).toContain(header!);
  return header!;
}

async function disabledOf(id: number) {
  const [row] = await t.db.select().from(members).where(eq(members.id, id));
  return row!.notificationsDisabled;
}

/** Waits for the bus-driven mails, then for a little more, so a second mail would have come. */
async function settled(check: () => Promise<void>) {
  await vi.waitFor(check, { timeout: 5000 });
  await new Promise((resolve) => setTimeout(resolve, 100));
  await check();
}

describe('new conversation mail', () => {
  it('goes to the recipient once, in their language, with both unsubscribe headers', async () => {
    const anna = await member({ profile: { name: 'Anna' } });
    const bram = await member({ member: { language: 'nl' } });
    const first = await send(anna, { member_id: bram.id, body: 'Hoi!' });
    await send(anna, { conversation_id: first.conversation_id, body: 'Nog een' });

    await settled(async () => expect(await mailsOf(bram.email, 'new_conversations')).toHaveLength(1));
    const [mail] = await mailsOf(bram.email, 'new_conversations');
    expect(mail!.subject).toBe('Anna stuurde je een bericht op Amoria');
    expect(mail!.text).toContain('Anna is een gesprek met je begonnen.');
    expect(mail!.text).toContain(`/chats/${first.conversation_id}`);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeLinkOf(mail!)).toMatch(/^http:\/\/localhost:\d+\/api\/unsubscribe\.php\?token=/);
    expect(await mailsOf(anna.email, 'new_conversations')).toHaveLength(0);
  });

  it('is written in English for an English member', async () => {
    const anna = await member({ profile: { name: 'Anna' } });
    const eve = await member({ member: { language: 'en' } });
    await send(anna, { member_id: eve.id, body: 'Hi!' });
    await settled(async () => expect(await mailsOf(eve.email, 'new_conversations')).toHaveLength(1));
    expect((await mailsOf(eve.email, 'new_conversations'))[0]!.subject).toBe('Anna sent you a message on Amoria');
  });

  it('is not sent with the preference off, nor to a member whose e-mail is disabled', async () => {
    const anna = await member();
    const off = await member({ member: { notificationsOff: ['new_conversations'] } });
    const bounced = await member({ member: { notificationsDisabled: ['bounce'] } });
    const control = await member();
    // Three different openings: the same text to three members is refused as a mass mailing.
    await send(anna, { member_id: off.id, body: 'Hoi' });
    await send(anna, { member_id: bounced.id, body: 'Hallo' });
    await send(anna, { member_id: control.id, body: 'Hoi daar' });
    await settled(async () => expect(await mailsOf(control.email, 'new_conversations')).toHaveLength(1));
    expect(await mailsTo(t.db, off.email)).toHaveLength(0);
    expect(await mailsTo(t.db, bounced.email)).toHaveLength(0);
  });
});

describe('like mail', () => {
  it('goes out once per liker, in the member language, unless switched off', async () => {
    const liker = await member({ profile: { name: 'Lotte', gender: 'female' } });
    const liked = await member({ member: { language: 'de' }, profile: { gender: 'male' } });
    const off = await member({ member: { notificationsOff: ['like'] }, profile: { gender: 'male' } });
    const like = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/like.php',
        headers: { ...XHR, cookie: liker.cookie },
        payload: { id },
      });
    expect((await like(off.id)).statusCode).toBe(200);
    expect((await like(liked.id)).statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/like.php',
      headers: { ...XHR, cookie: liker.cookie },
      payload: { id: liked.id },
    });
    await like(liked.id);
    await settled(async () => expect(await mailsOf(liked.email, 'like')).toHaveLength(1));
    const [mail] = await mailsOf(liked.email, 'like');
    expect(mail!.subject).toBe('Lotte mag dich auf Amoria');
    expect(mail!.text).toContain(`/members/${liker.id}`);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await mailsTo(t.db, off.email)).toHaveLength(0);
  });
});

describe('new messages mail (job)', () => {
  it('batches: many messages make one mail, at most one per period, only while unread', async () => {
    const now = Date.now();
    const anna = await member({ profile: { name: 'Anna' } });
    const cas = await member({ profile: { name: 'Cas' } });
    const bram = await member({ member: { language: 'nl' } });
    const first = await send(anna, { member_id: bram.id, body: 'Hoi' });
    for (const body of ['Twee', 'Drie']) await send(anna, { conversation_id: first.conversation_id, body });
    await send(cas, { member_id: bram.id, body: 'Hallo' });
    const casChat = await send(cas, { member_id: bram.id, body: 'Hoe gaat het?' });

    await t.app.jobs.runDue(new Date(now + MINUTE));
    const mails = await mailsOf(bram.email, 'new_messages');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Je hebt 3 nieuwe berichten op Amoria');
    expect(mails[0]!.text).toContain('Je hebt 3 nieuwe berichten van Anna en Cas.');
    expect(unsubscribeLinkOf(mails[0]!)).toContain('/api/unsubscribe.php?token=');

    await send(anna, { conversation_id: first.conversation_id, body: 'Vier' });
    await t.app.jobs.runDue(new Date(now + 2 * MINUTE));
    expect(await mailsOf(bram.email, 'new_messages')).toHaveLength(1);

    await t.app.jobs.runDue(new Date(now + (NEW_MESSAGES_MAIL_MINUTES + 3) * MINUTE));
    const later = await mailsOf(bram.email, 'new_messages');
    expect(later).toHaveLength(2);
    expect(later[1]!.subject).toBe('Je hebt 1 nieuw bericht op Amoria');

    // Read messages are no news: Bram opens Cas's chat, Cas writes again, then Bram opens it.
    await send(cas, { conversation_id: casChat.conversation_id, body: 'Ben je er?' });
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/chat.php?id=${casChat.conversation_id}`,
      headers: { cookie: bram.cookie },
    });
    expect(opened.statusCode).toBe(200);
    await t.app.jobs.runDue(new Date(now + (2 * NEW_MESSAGES_MAIL_MINUTES + 6) * MINUTE));
    expect(await mailsOf(bram.email, 'new_messages')).toHaveLength(2);
  });

  it('tells only of messages the member can see: none held for review, none from a shadow-banned sender', async () => {
    const now = Date.now();
    const anna = await member({ profile: { name: 'Anna' } });
    const cas = await member({ profile: { name: 'Cas' } });
    const bram = await member();
    const first = await send(anna, { member_id: bram.id, body: 'Hoi' });
    await send(anna, { conversation_id: first.conversation_id, body: 'Twee' });
    await send(anna, { conversation_id: first.conversation_id, body: 'Mail me: anna@example.com' });
    const casChat = await send(cas, { member_id: bram.id, body: 'Hallo' });
    await send(cas, { conversation_id: casChat.conversation_id, body: 'Hoe gaat het?' });
    await t.db.update(members).set({ shadowBannedAt: new Date() }).where(eq(members.id, cas.id));

    // A minute no other test's run claimed: the job runs once per minute.
    await t.app.jobs.runDue(new Date(now + 45 * MINUTE));
    const mails = await mailsOf(bram.email, 'new_messages');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Je hebt 1 nieuw bericht van Anna.');
  });

  it("holds each member to their own last mail's period in a round of many", async () => {
    const now = Date.now();
    const anna = await member({ profile: { name: 'Anna' } });
    const xander = await member();
    const yara = await member();
    const toXander = await send(anna, { member_id: xander.id, body: 'Hoi' });
    await send(anna, { conversation_id: toXander.conversation_id, body: 'Twee' });
    await t.app.jobs.runDue(new Date(now + 50 * MINUTE));
    expect(await mailsOf(xander.email, 'new_messages')).toHaveLength(1);

    await send(anna, { conversation_id: toXander.conversation_id, body: 'Drie' });
    const toYara = await send(anna, { member_id: yara.id, body: 'Hoi' });
    await send(anna, { conversation_id: toYara.conversation_id, body: 'Twee' });
    await t.app.jobs.runDue(new Date(now + 52 * MINUTE));
    expect(await mailsOf(xander.email, 'new_messages')).toHaveLength(1);
    expect(await mailsOf(yara.email, 'new_messages')).toHaveLength(1);
  });
});

describe('unread-message reminder (job)', () => {
  it('reminds once, after UNREAD_REMINDER_HOURS without reading', async () => {
    const now = Date.now();
    const anna = await member({ profile: { name: 'Anna' } });
    const dirk = await member({ member: { language: 'en' } });
    const first = await send(anna, { member_id: dirk.id, body: 'Hi' });
    await send(anna, { conversation_id: first.conversation_id, body: 'Are you there?' });

    await t.app.jobs.runDue(new Date(now + (UNREAD_REMINDER_HOURS - 1) * HOUR));
    expect(await mailsOf(dirk.email, 'unread_message_reminders')).toHaveLength(0);
    await t.app.jobs.runDue(new Date(now + (UNREAD_REMINDER_HOURS + 1) * HOUR));
    const mails = await mailsOf(dirk.email, 'unread_message_reminders');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Messages are waiting for you on Amoria');
    expect(mails[0]!.text).toContain('You have not read 2 messages from Anna yet.');
    await t.app.jobs.runDue(new Date(now + (UNREAD_REMINDER_HOURS + 2) * HOUR));
    expect(await mailsOf(dirk.email, 'unread_message_reminders')).toHaveLength(1);
  });
});

describe('weekly update (job)', () => {
  it('names likes, unread messages and new members near, and skips members with nothing to say', async () => {
    const fan = await member({ profile: { gender: 'female', name: 'Fenna' } });
    const reader = await member({ profile: { gender: 'male', country: 'BE' }, member: { language: 'fr' } });
    const quiet = await member({ profile: { gender: 'male', country: 'LU' } });
    const off = await member({ member: { notificationsOff: ['weekly_updates'] }, profile: { country: 'BE' } });
    await buildLike(t.db, fan.id, reader.id);
    await buildLike(t.db, fan.id, off.id);
    await send(fan, { member_id: reader.id, body: 'Salut' });
    await t.db.delete(jobRuns).where(eq(jobRuns.job, 'mail-weekly-updates'));

    expect(await t.app.jobs.runDue(new Date())).toContain('mail-weekly-updates');
    const mails = await mailsOf(reader.email, 'weekly_updates');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Votre semaine sur Amoria');
    expect(mails[0]!.text).toContain('1 personne vous apprécie');
    expect(mails[0]!.text).toContain('1 message non lu');
    expect(await mailsOf(quiet.email, 'weekly_updates')).toHaveLength(0);
    expect(await mailsOf(off.email, 'weekly_updates')).toHaveLength(0);

    // The same week again: the job is claimed, and so is each member's mail.
    await t.db.delete(jobRuns).where(eq(jobRuns.job, 'mail-weekly-updates'));
    await t.app.jobs.runDue(new Date());
    expect(await mailsOf(reader.email, 'weekly_updates')).toHaveLength(1);
  });

  it('counts as new members near only those the member could find', async () => {
    const watcher = await member({
      profile: { gender: 'male', sexuality: 'hetero', country: 'AT' },
      member: { language: 'en' },
    });
    await member({ profile: { gender: 'female', country: 'AT' } });
    await member({ profile: { gender: 'female', country: 'AT' }, member: { invisible: true } });
    const blocker = await member({ profile: { gender: 'female', country: 'AT' } });
    await buildBlock(t.db, blocker.id, watcher.id);
    await t.db.delete(jobRuns).where(eq(jobRuns.job, 'mail-weekly-updates'));

    await t.app.jobs.runDue(new Date());
    const mails = await mailsOf(watcher.email, 'weekly_updates');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('1 new member near you');
  });
});

describe('unsubscribe', () => {
  async function linkFor() {
    const anna = await member();
    const bram = await member({ member: { language: 'nl' } });
    await send(anna, { member_id: bram.id, body: 'Hoi' });
    await settled(async () => expect(await mailsOf(bram.email, 'new_conversations')).toHaveLength(1));
    const url = new URL(unsubscribeLinkOf((await mailsOf(bram.email, 'new_conversations'))[0]!));
    return { bram, path: `${url.pathname}${url.search}` };
  }

  it('shows a confirmation page on GET that changes nothing (mail scanners fetch links)', async () => {
    const { bram, path } = await linkFor();
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('lang="nl"');
    expect(res.body).toContain('Wil je geen meldingen meer per e-mail ontvangen van Amoria?');
    expect(res.body).toContain('<form method="post"');
    expect(res.body).not.toContain('<script');
    expect(await disabledOf(bram.id)).toEqual([]);
  });

  it('unsubscribes on the one-click POST of RFC 8058, without the request-type header, once', async () => {
    const { bram, path } = await linkFor();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Je bent afgemeld');
      expect(res.body).toContain('href="/"');
    }
    expect(await disabledOf(bram.id)).toEqual(['listunsubscribe']);
  });

  it('refuses a bad token with a 400 page', async () => {
    const { path } = await linkFor();
    const forged = path.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`);
    for (const url of [forged, '/api/unsubscribe.php?token=nonsense-token', '/api/unsubscribe.php']) {
      const get = await t.app.inject({ method: 'GET', url });
      expect(get.statusCode).toBe(400);
      expect(get.body).toContain('Ongeldige link');
      expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(400);
    }
  });
});

describe('POST /api/mail-webhook.php', () => {
  const hook = (headers: Record<string, string>, payload: unknown, app = t.app) =>
    app.inject({ method: 'POST', url: '/api/mail-webhook.php', headers, payload: payload as object });

  it('records bounces and complaints for the member with that address, with the right secret only', async () => {
    const m = await member();
    expect((await hook({}, { type: 'bounce', email: m.email })).statusCode).toBe(403);
    expect((await hook({ 'x-webhook-secret': 'wrong' }, { type: 'bounce', email: m.email })).statusCode).toBe(403);
    expect(await disabledOf(m.id)).toEqual([]);
    const ok = await hook({ 'x-webhook-secret': SECRET }, { type: 'bounce', email: m.email.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    await hook({ 'x-webhook-secret': SECRET }, { type: 'complaint', email: m.email });
    await hook({ 'x-webhook-secret': SECRET }, { type: 'complaint', email: m.email });
    expect(await disabledOf(m.id)).toEqual(['bounce', 'fbl']);
    expect((await hook({ 'x-webhook-secret': SECRET }, { type: 'other', email: m.email })).statusCode).toBe(400);
  });

  it('refuses every call when no secret is configured', async () => {
    const m = await member();
    const other = await buildTestApp({ mailWebhookSecret: null }, { db: t.db });
    try {
      const res = await hook({ 'x-webhook-secret': SECRET }, { type: 'bounce', email: m.email }, other.app);
      expect(res.statusCode).toBe(403);
    } finally {
      await other.close();
    }
    expect(await disabledOf(m.id)).toEqual([]);
  });
});

describe('POST /api/email-enable.php', () => {
  it('clears the reasons for the member, and is for members only', async () => {
    const m = await member({ member: { notificationsDisabled: ['listunsubscribe', 'bounce'] } });
    expect((await t.app.inject({ method: 'POST', url: '/api/email-enable.php', headers: XHR })).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email-enable.php',
      headers: { ...XHR, cookie: m.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await disabledOf(m.id)).toEqual([]);
  });
});

describe('the job timer', () => {
  it('runs the due jobs every JOB_TICK_SECONDS and stops with the app', async () => {
    await t.db.delete(jobRuns).where(eq(jobRuns.job, 'mail-new-messages'));
    const ticking = await buildTestApp({ jobTickSeconds: 1 }, { db: t.db });
    try {
      await expect
        .poll(async () => (await t.db.select().from(jobRuns).where(eq(jobRuns.job, 'mail-new-messages'))).length, {
          timeout: 5000,
        })
        .toBeGreaterThan(0);
    } finally {
      await ticking.close();
    }
  });
});
