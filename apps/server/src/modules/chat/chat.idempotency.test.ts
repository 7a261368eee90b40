import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SiteSettings } from '@app/shared';
import { balanceOf, buildMember, ledgerOf } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import type { members } from '../../db/schema/index.js';
import { messages } from '../../db/schema/index.js';
import { CHAT_CHANNEL, CREDITS_CHANNEL } from '../../platform/bus/events.js';
import { createInProcessBus } from '../../platform/bus/index.js';
import { createLocalDiskStorage } from '../../platform/storage/index.js';

let t: TestApp;
let site: SiteSettings;
let dataDir: string;
let mediaRoot: string;
const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
/** What the tests read of the chat and credit events. */
type Published = { type: string; message?: { id: number } };
const published: Published[] = [];
beforeAll(async () => {
  await bus.subscribe(CHAT_CHANNEL, (event) => void published.push(event as Published));
  await bus.subscribe(CREDITS_CHANNEL, (event) => void published.push(event as Published));
  dataDir = mkdtempSync(join(tmpdir(), 'chat-keys-'));
  mediaRoot = join(dataDir, 'media');
  // Retries of one send count against the per-member limit; these tests send in bulk.
  t = await buildTestApp(
    { dataDir },
    { bus, storage: createLocalDiskStorage(mediaRoot), messageRateLimit: { max: 1000, timeWindow: 60_000 } },
  );
  site = (await t.app.inject({ method: 'GET', url: '/api/settings.php' })).json().settings;
});
afterAll(async () => {
  await t?.close();
  await bus.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
let keys = 0;
/** A fresh idempotency key, as the web client makes one per message. */
const newKey = () => `key-${Date.now().toString(36)}-${(keys++).toString().padStart(6, '0')}`;

/** A confirmed member who may write: premium, an established account, unless told otherwise. */
async function writer(member: Partial<typeof members.$inferInsert> = {}) {
  const { member: row } = await buildMember(t.db, {
    member: { paidUser: true, credits: 1000, signupDate: daysAgo(30), ...member },
  });
  return { id: row.id, cookie: await loginCookie(t.db, row.id) };
}

type Target = { member_id: number } | { conversation_id: number };

/** A multipart body as a browser's FormData sends it: the target's field, then the file. */
function formData(target: Target, file: Buffer) {
  const boundary = `----test${Math.random().toString(36).slice(2)}`;
  const [name, value] = Object.entries(target)[0]!;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let photo: Buffer;
beforeAll(async () => {
  photo = await sharp({ create: { width: 320, height: 400, channels: 3, background: '#c36' } })
    .jpeg()
    .toBuffer();
});

/** The three sends, each with what it costs a paid member. */
const SENDS = {
  text: {
    price: () => site.message_credits,
    send: (cookie: string, target: Target, key?: string, body = 'Hoi!') =>
      t.app.inject({
        method: 'POST',
        url: '/api/message.php',
        headers: { ...XHR, cookie, ...(key ? { 'idempotency-key': key } : {}) },
        payload: { ...target, body },
      }),
  },
  image: {
    price: () => site.photo_credits,
    send: (cookie: string, target: Target, key?: string, file = photo) => {
      const { payload, headers } = formData(target, file);
      return t.app.inject({
        method: 'POST',
        url: '/api/message-image.php',
        headers: { ...XHR, cookie, ...headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      });
    },
  },
  gift: {
    // The seeded rose has no price of its own.
    price: () => site.gift_credits,
    send: (cookie: string, target: Target, key?: string, gift = 'rose') =>
      t.app.inject({
        method: 'POST',
        url: '/api/gift.php',
        headers: { ...XHR, cookie, ...(key ? { 'idempotency-key': key } : {}) },
        payload: { ...target, gift },
      }),
  },
};

function sentBy(id: number) {
  return t.db.select().from(messages).where(eq(messages.senderId, id)).orderBy(asc(messages.id));
}

/** Every file under the chat images' folder. */
function chatFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(path);
    }
  };
  const root = join(mediaRoot, 'chat');
  if (existsSync(root)) walk(root);
  return found;
}

/** The live events about message `id`, once the bus delivered what was published before `marker`. */
async function messageEvents(id: number, senderId: number) {
  const marker = await writer();
  const sent = (await SENDS.text.send(marker.cookie, { member_id: senderId }, newKey())).json().message;
  await vi.waitFor(() => expect(published.some((e) => e.message?.id === sent.id)).toBe(true));
  return published.filter((e) => e.type === 'message' && e.message?.id === id);
}

describe.each(Object.keys(SENDS) as Array<keyof typeof SENDS>)('a repeated %s send', (kind) => {
  const { send, price } = SENDS[kind];

  it('answers the first message again: stored once, charged once, announced once', async () => {
    const sender = await writer();
    const { member: recipient } = await buildMember(t.db);
    const filesBefore = chatFiles().length;
    const key = newKey();

    const first = await send(sender.cookie, { member_id: recipient.id }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(sender.cookie, { member_id: recipient.id }, key);
    expect(again.statusCode, again.body).toBe(200);

    expect(again.json()).toEqual(first.json());
    expect(first.json().credits).toBe(1000 - price());
    expect(await sentBy(sender.id)).toHaveLength(1);
    expect(await balanceOf(t.db, sender.id)).toBe(1000 - price());
    expect(await ledgerOf(t.db, sender.id)).toEqual([
      expect.objectContaining({ delta: -price(), messageId: first.json().message.id }),
    ]);
    expect(await messageEvents(first.json().message.id, sender.id)).toHaveLength(1);
    // An image is stored once: the repeat's upload left no files behind.
    expect(chatFiles().length - filesBefore).toBe(kind === 'image' ? 2 : 0);
  });

  it('sends one message for 10 attempts at once, into a new and into an existing conversation', async () => {
    const sender = await writer();
    const { member: recipient } = await buildMember(t.db);
    const filesBefore = chatFiles().length;
    const tenAtOnce = async (target: Target) => {
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(sender.cookie, target, key)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => a.json().message.id)).size).toBe(1);
      return answers[0]!.json().message;
    };
    // The first message takes the full path (a new conversation), the next the one-statement path.
    const opening = await tenAtOnce({ member_id: recipient.id });
    await tenAtOnce({ conversation_id: opening.conversation_id });
    const stored = await sentBy(sender.id);
    expect(stored).toHaveLength(2);
    expect(await balanceOf(t.db, sender.id)).toBe(1000 - 2 * price());
    expect((await ledgerOf(t.db, sender.id)).map((row) => row.messageId)).toEqual(stored.map((row) => row.id));
    for (const row of stored) expect(await messageEvents(row.id, sender.id)).toHaveLength(1);
    // Attempts that lost the race removed the files they had written.
    expect(chatFiles().length - filesBefore).toBe(kind === 'image' ? 4 : 0);
  });

  it('sends separate messages under different keys, and one member’s key is not another’s', async () => {
    const sender = await writer();
    const other = await writer();
    const { member: recipient } = await buildMember(t.db);
    const key = newKey();
    const a = await send(sender.cookie, { member_id: recipient.id }, key);
    const b = await send(sender.cookie, { member_id: recipient.id }, newKey());
    const c = await send(other.cookie, { member_id: recipient.id }, key);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().message.id, b.json().message.id, c.json().message.id]).size).toBe(3);
    expect(await sentBy(sender.id)).toHaveLength(2);
    expect(await sentBy(other.id)).toHaveLength(1);
    expect(await balanceOf(t.db, sender.id)).toBe(1000 - 2 * price());
    expect(await balanceOf(t.db, other.id)).toBe(1000 - price());
  });

  it('answers the first message when the credits it took leave too few for another', async () => {
    const sender = await writer({ credits: price() });
    const { member: recipient } = await buildMember(t.db);
    const key = newKey();
    const first = await send(sender.cookie, { member_id: recipient.id }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(sender.cookie, { member_id: recipient.id }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await send(sender.cookie, { member_id: recipient.id }, newKey())).statusCode).toBe(402);
  });

  it('answers every attempt at once with the message, though its credits leave too few for another', async () => {
    const sender = await writer({ credits: price() });
    const { member: recipient } = await buildMember(t.db);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send(sender.cookie, { member_id: recipient.id }, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().message.id)).size).toBe(1);
    expect(await balanceOf(t.db, sender.id)).toBe(0);
  });

  it('refuses the key for another conversation (409), storing and charging nothing', async () => {
    const sender = await writer();
    const { member: recipient } = await buildMember(t.db);
    const { member: someoneElse } = await buildMember(t.db);
    const filesBefore = chatFiles().length;
    const key = newKey();
    const first = await send(sender.cookie, { member_id: recipient.id }, key);
    expect(first.statusCode, first.body).toBe(200);

    const elsewhere = await send(sender.cookie, { member_id: someoneElse.id }, key);
    expect(elsewhere.statusCode, elsewhere.body).toBe(409);
    expect(elsewhere.json()).toMatchObject({ error: 'idempotency_key_reused', message: expect.any(String) });
    // The same conversation by its id is a repeat, not another conversation.
    const byId = await send(sender.cookie, { conversation_id: first.json().message.conversation_id }, key);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toEqual(first.json());

    expect(await sentBy(sender.id)).toHaveLength(1);
    expect(await balanceOf(t.db, sender.id)).toBe(1000 - price());
    expect(await ledgerOf(t.db, sender.id)).toHaveLength(1);
    expect(chatFiles().length - filesBefore).toBe(kind === 'image' ? 2 : 0);
  });
});

describe('the idempotency key', () => {
  it('is refused when it is not 16 to 64 letters, digits, - or _', async () => {
    const sender = await writer();
    const { member: recipient } = await buildMember(t.db);
    for (const key of ['short', 'x'.repeat(65), 'key with spaces 123', 'sleutel.met.punt.123', "k'or'1'='1'--xxxx"]) {
      const res = await SENDS.text.send(sender.cookie, { member_id: recipient.id }, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_failed',
        fields: { idempotency_key: expect.any(String) },
      });
    }
    expect(await sentBy(sender.id)).toHaveLength(0);
  });

  it('names one message: a repeat with other content into the same conversation answers the first', async () => {
    const sender = await writer();
    const { member: recipient } = await buildMember(t.db);
    const key = newKey();
    const first = await SENDS.text.send(sender.cookie, { member_id: recipient.id }, key, 'Eerste');
    const other = await SENDS.text.send(sender.cookie, { member_id: recipient.id }, key, 'Iets anders');
    const gift = await SENDS.gift.send(sender.cookie, { member_id: recipient.id }, key);
    for (const answer of [other, gift]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual(first.json());
    }
    expect(other.json().message.body).toBe('Eerste');
    expect(await sentBy(sender.id)).toHaveLength(1);
  });

  it('is refused in its own words for another conversation', async () => {
    const sender = await writer();
    const { member: recipient } = await buildMember(t.db);
    const { member: someoneElse } = await buildMember(t.db);
    const key = newKey();
    await SENDS.text.send(sender.cookie, { member_id: recipient.id }, key);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: { ...XHR, cookie: sender.cookie, 'idempotency-key': key, 'accept-language': 'nl' },
      payload: { member_id: someoneElse.id, body: 'Hoi!' },
    });
    expect(res.json()).toEqual({ error: 'idempotency_key_reused', message: 'Dit bericht is al verstuurd.' });
  });

  it('answers an image repeat without decoding it again', async () => {
    const sender = await writer();
    const { member: recipient } = await buildMember(t.db);
    const key = newKey();
    const first = await SENDS.image.send(sender.cookie, { member_id: recipient.id }, key);
    expect(first.statusCode, first.body).toBe(200);
    // Not an image at all: a decoded repeat would be refused as photo_not_image.
    const again = await SENDS.image.send(sender.cookie, { member_id: recipient.id }, key, Buffer.from('not an image'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('still lets a client without keys send the same thing twice', async () => {
    const sender = await writer();
    const { member: recipient } = await buildMember(t.db);
    await SENDS.text.send(sender.cookie, { member_id: recipient.id });
    await SENDS.text.send(sender.cookie, { member_id: recipient.id });
    expect(await sentBy(sender.id)).toHaveLength(2);
  });
});

describe('a repeat of a send the rules treated specially', () => {
  it('answers a held message as held, free, and never delivers it', async () => {
    const sender = await writer({ signupDate: new Date() });
    const { member: recipient } = await buildMember(t.db);
    const key = newKey();
    const body = 'Leuk! Bel me op 06 12 34 56 78';
    const answers = [
      await SENDS.text.send(sender.cookie, { member_id: recipient.id }, key, body),
      ...(await Promise.all(
        Array.from({ length: 5 }, () => SENDS.text.send(sender.cookie, { member_id: recipient.id }, key, body)),
      )),
    ];
    for (const answer of answers) expect(answer.json()).toEqual(answers[0]!.json());
    expect(answers[0]!.json()).toMatchObject({ message: { held: true, credits: 0 }, credits: 1000 });
    expect(await sentBy(sender.id)).toHaveLength(1);
    expect(await ledgerOf(t.db, sender.id)).toEqual([]);
    expect(await messageEvents(answers[0]!.json().message.id, sender.id)).toEqual([]);
  });

  it('answers a shadow-banned sender’s message as sent, charged once', async () => {
    const sender = await writer({ shadowBannedAt: new Date() });
    const { member: recipient } = await buildMember(t.db);
    const key = newKey();
    const first = await SENDS.text.send(sender.cookie, { member_id: recipient.id }, key);
    const again = await SENDS.text.send(sender.cookie, { member_id: recipient.id }, key);
    expect(again.json()).toEqual(first.json());
    expect(first.json().message.held).toBeUndefined();
    expect(await sentBy(sender.id)).toHaveLength(1);
    expect(await ledgerOf(t.db, sender.id)).toHaveLength(1);
    expect(await balanceOf(t.db, sender.id)).toBe(1000 - site.message_credits);
  });

  it('answers a free message as free, using up one free message', async () => {
    expect(site.free_messages).toBeGreaterThan(0);
    const sender = await writer({ paidUser: false, credits: 0 });
    const { member: recipient } = await buildMember(t.db);
    const key = newKey();
    const first = await SENDS.text.send(sender.cookie, { member_id: recipient.id }, key);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => SENDS.text.send(sender.cookie, { member_id: recipient.id }, key)),
    );
    for (const answer of answers) expect(answer.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({
      message: { credits: 0 },
      credits: 0,
      free_messages_left: site.free_messages - 1,
    });
    expect(await sentBy(sender.id)).toHaveLength(1);
    expect(await ledgerOf(t.db, sender.id)).toEqual([expect.objectContaining({ delta: 0, reason: 'message' })]);
  });
});
