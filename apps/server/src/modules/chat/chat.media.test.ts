import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatsResponseSchema, FREE_CONVERSATION_LIMIT, type SiteSettings } from '@app/shared';
import { balanceOf, buildBlock, buildMember, buildSite, ledgerOf } from '../../../test/factories.js';
import { XHR, buildTestApp, expectSchemaAnswer, loginCookie, type TestApp } from '../../../test/helpers.js';
import { SEED_GIFTS } from '../../db/seed/reference.js';
import type { members } from '../../db/schema/index.js';
import { gifts, messages } from '../../db/schema/index.js';
import { CHAT_CHANNEL, CREDITS_CHANNEL } from '../../platform/bus/events.js';
import { createInProcessBus } from '../../platform/bus/index.js';
import { createLocalDiskStorage } from '../../platform/storage/index.js';
import { CHAT_IMAGE_BOXES } from '../media/media.images.js';

let t: TestApp;
let site: SiteSettings;
let dataDir: string;
let mediaRoot: string;
const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
const published: unknown[] = [];
beforeAll(async () => {
  await bus.subscribe(CHAT_CHANNEL, (event) => void published.push(event));
  await bus.subscribe(CREDITS_CHANNEL, (event) => void published.push(event));
  // Our own local storage, in the folder /media serves, so tests can list and fetch the files.
  dataDir = mkdtempSync(join(tmpdir(), 'chat-media-'));
  mediaRoot = join(dataDir, 'media');
  // Some tests send dozens of gifts at once: the per-member limit has its own test.
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

/** A confirmed member who may write: premium unless told otherwise, with the credits given. */
async function writer(member: Partial<typeof members.$inferInsert> = {}) {
  const { member: row } = await buildMember(t.db, { member: { paidUser: true, credits: 1000, ...member } });
  return { id: row.id, cookie: await loginCookie(t.db, row.id) };
}

function sentBy(id: number) {
  return t.db.select().from(messages).where(eq(messages.senderId, id));
}

/** Every file under the chat images' folder, as storage keys. */
function chatFiles(): string[] {
  const keys: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else keys.push(`${prefix}${name}`);
    }
  };
  const root = join(mediaRoot, 'chat');
  if (existsSync(root)) walk(root, 'chat/');
  return keys.sort();
}

/** A photo-like JPEG: a gradient, so the encoder has something to work with. */
function jpeg(width = 320, height = 400): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#36c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="40%" r="20%" fill="#fc9"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A multipart body as a browser's FormData sends it: the text fields, then the file (if any). */
function formData(fields: Record<string, string | number>, file: Buffer | null) {
  const boundary = `----test${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map((entry) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${entry[0]}"\r\n\r\n${entry[1]}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function sendImage(cookie: string, fields: Record<string, string | number>, file: Buffer | null, host?: string) {
  const { payload, headers } = formData(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/message-image.php',
    payload,
    headers: { ...XHR, ...headers, cookie, ...(host ? { host } : {}) },
  });
}

function sendGift(cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/gift.php', headers: { ...XHR, cookie }, payload });
}

function open(cookie: string, conversation: number) {
  return t.app.inject({ method: 'GET', url: `/api/chat.php?id=${conversation}`, headers: { cookie } });
}

/** The chat list, checked against its schema: the server sends it unparsed. */
async function chats(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/chats.php', headers: { cookie } });
  expectSchemaAnswer(ChatsResponseSchema, res);
  return res;
}

describe('GET /api/gifts.php', () => {
  it('lists the catalogue in display order with each price; withdrawn gifts are left out', async () => {
    const me = await writer();
    const res = await t.app.inject({ method: 'GET', url: '/api/gifts.php', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json().gifts;
    expect(list.map((g: { key: string }) => g.key)).toEqual(SEED_GIFTS.map((g) => g.key));
    expect(list[0]).toEqual({ key: 'rose', name: 'Rose', image: '/gifts/rose.svg', credits: site.gift_credits });
    expect(list.find((g: { key: string }) => g.key === 'diamond').credits).toBe(50);
    expect(list.find((g: { key: string }) => g.key === 'ring').credits).toBe(80);

    await t.db.update(gifts).set({ active: false }).where(eq(gifts.key, 'cake'));
    try {
      const after = await t.app.inject({ method: 'GET', url: '/api/gifts.php', headers: { cookie: me.cookie } });
      expect(after.json().gifts.map((g: { key: string }) => g.key)).not.toContain('cake');
    } finally {
      await t.db.update(gifts).set({ active: true }).where(eq(gifts.key, 'cake'));
    }
  });

  it('is for members only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gifts.php' });
    expect(res.json().error).toBe('authentication_required');
  });
});

describe('POST /api/gift.php', () => {
  it("stores a gift message at the gift's price, with a ledger row and the events", async () => {
    // A free member with free messages left pays for a gift all the same.
    const sender = await writer({ paidUser: false, credits: 100 });
    const recipient = await writer();
    const res = await sendGift(sender.cookie, { member_id: recipient.id, gift: 'diamond' });
    expect(res.statusCode).toBe(200);
    const { message, credits, free_messages_left } = res.json();
    expect(message).toMatchObject({
      kind: 'gift',
      body: '',
      from_me: true,
      image: null,
      gift: { key: 'diamond', name: 'Diamond', image: '/gifts/diamond.svg' },
      credits: 50,
    });
    expect(credits).toBe(50);
    expect(free_messages_left).toBe(site.free_messages);
    expect(await balanceOf(t.db, sender.id)).toBe(50);
    expect(await ledgerOf(t.db, sender.id)).toEqual([
      expect.objectContaining({ delta: -50, reason: 'gift', messageId: message.id, balanceAfter: 50 }),
    ]);
    const { from_me: _fromMe, ...shared } = message;
    await vi.waitFor(() => {
      expect(published).toContainEqual({ type: 'message', recipient_id: recipient.id, first: true, message: shared });
      expect(published).toContainEqual({ type: 'credits', member_id: sender.id, credits: 50 });
    });

    // Both see it in the chat and in the list; the list shows no text for a gift.
    const theirs = (await open(recipient.cookie, message.conversation_id)).json();
    expect(theirs.messages).toEqual([{ ...message, from_me: false }]);
    expect((await chats(recipient.cookie)).json().chats[0].last_message).toMatchObject({
      kind: 'gift',
      body: '',
      from_me: false,
    });

    const again = await sendGift(sender.cookie, { conversation_id: message.conversation_id, gift: 'rose' });
    expect(again.json()).toMatchObject({ message: { credits: site.gift_credits }, credits: 50 - site.gift_credits });
  });

  it('answers 400 for an unknown or withdrawn gift and charges nothing', async () => {
    const sender = await writer();
    const recipient = await writer();
    const unknown = await sendGift(sender.cookie, { member_id: recipient.id, gift: 'unicorn' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'validation_failed', fields: { gift: expect.any(String) } });
    await t.db.update(gifts).set({ active: false }).where(eq(gifts.key, 'kiss'));
    try {
      const withdrawn = await sendGift(sender.cookie, { member_id: recipient.id, gift: 'kiss' });
      expect(withdrawn.statusCode).toBe(400);
      expect(withdrawn.json().fields.gift).toBeDefined();
    } finally {
      await t.db.update(gifts).set({ active: true }).where(eq(gifts.key, 'kiss'));
    }
    expect(await balanceOf(t.db, sender.id)).toBe(1000);
    expect(await sentBy(sender.id)).toEqual([]);
    expect(await ledgerOf(t.db, sender.id)).toEqual([]);
  });

  it('keeps to the rules of message.php: credits, confirmation, reachability and the conversation limit', async () => {
    const poor = await writer({ credits: 79 });
    const recipient = await writer();
    const refused = await sendGift(poor.cookie, { member_id: recipient.id, gift: 'ring' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toBe('insufficient_credits');
    expect(await balanceOf(t.db, poor.id)).toBe(79);
    expect(await sentBy(poor.id)).toEqual([]);

    const unconfirmed = await writer({ status: 'not_confirmed' });
    expect((await sendGift(unconfirmed.cookie, { member_id: recipient.id, gift: 'rose' })).json().error).toBe(
      'account_not_confirmed',
    );
    const blocker = await writer();
    await buildBlock(t.db, blocker.id, poor.id);
    expect((await sendGift(poor.cookie, { member_id: blocker.id, gift: 'rose' })).statusCode).toBe(404);

    const free = await writer({ paidUser: false });
    for (let i = 0; i < FREE_CONVERSATION_LIMIT; i++) {
      const other = await writer();
      expect((await sendGift(free.cookie, { member_id: other.id, gift: 'rose' })).statusCode).toBe(200);
    }
    const one = await writer();
    const limited = await sendGift(free.cookie, { member_id: one.id, gift: 'rose' });
    expect(limited.statusCode).toBe(403);
    expect(limited.json().error).toBe('conversation_limit_reached');
  });

  it('never overdraws: 50 concurrent gifts with credits for 10 store exactly 10', async () => {
    const sender = await writer({ credits: site.gift_credits * 10 });
    const recipient = await writer();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => sendGift(sender.cookie, { member_id: recipient.id, gift: 'heart' })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 402)).toHaveLength(40);
    expect(await balanceOf(t.db, sender.id)).toBe(0);
    expect(await sentBy(sender.id)).toHaveLength(10);
    const ledger = await ledgerOf(t.db, sender.id);
    expect(ledger.map((row) => [row.reason, row.delta])).toEqual(Array(10).fill(['gift', -site.gift_credits]));
    expect(ledger.map((row) => row.balanceAfter)).toEqual(
      Array.from({ length: 10 }, (_, i) => site.gift_credits * (9 - i)),
    );
  });
});

describe('POST /api/message-image.php', () => {
  it('stores the image and its thumbnail, charges photo_credits and presents it everywhere', async () => {
    // A free member with free messages left pays for an image all the same.
    const sender = await writer({ paidUser: false, credits: 100 });
    const recipient = await writer();
    const before = chatFiles();
    const res = await sendImage(sender.cookie, { member_id: recipient.id }, await jpeg(320, 400));
    expect(res.statusCode).toBe(200);
    const { message, credits, free_messages_left } = res.json();
    expect(message).toMatchObject({
      kind: 'image',
      body: '',
      from_me: true,
      gift: null,
      credits: site.photo_credits,
      image: {
        url: expect.stringMatching(/^\/media\/chat\/[0-9a-f]{2}\/[0-9a-f]{32}-full\.webp$/),
        thumb: expect.stringMatching(/^\/media\/chat\/[0-9a-f]{2}\/[0-9a-f]{32}-thumb\.webp$/),
        width: 320,
        height: 400,
      },
    });
    expect(credits).toBe(100 - site.photo_credits);
    expect(free_messages_left).toBe(site.free_messages);
    expect(await ledgerOf(t.db, sender.id)).toEqual([
      expect.objectContaining({ delta: -site.photo_credits, reason: 'image', messageId: message.id }),
    ]);
    expect(chatFiles()).toHaveLength(before.length + 2);

    // Both files are served, re-encoded; the thumbnail keeps the proportions within its box.
    const full = await t.app.inject({ method: 'GET', url: message.image.url });
    expect(full.statusCode).toBe(200);
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 400 });
    const thumb = await sharp((await t.app.inject({ method: 'GET', url: message.image.thumb })).rawPayload).metadata();
    expect(thumb.height).toBe(Math.min(400, CHAT_IMAGE_BOXES.thumb.height));
    expect(thumb.width! / thumb.height!).toBeCloseTo(320 / 400, 1);

    const { from_me: _fromMe, ...shared } = message;
    await vi.waitFor(() => {
      expect(published).toContainEqual({ type: 'message', recipient_id: recipient.id, first: true, message: shared });
      expect(published).toContainEqual({ type: 'credits', member_id: sender.id, credits });
    });
    expect((await open(recipient.cookie, message.conversation_id)).json().messages).toEqual([
      { ...message, from_me: false },
    ]);
    expect((await chats(recipient.cookie)).json().chats[0].last_message).toMatchObject({ kind: 'image', body: '' });

    const into = await sendImage(sender.cookie, { conversation_id: message.conversation_id }, await jpeg());
    expect(into.json().message.conversation_id).toBe(message.conversation_id);
  });

  it("presents the picture through the site's CDN", async () => {
    const host = await buildSite(t.db, { cdn_prefix: 'https://cdn.example' });
    const sender = await writer();
    const recipient = await writer();
    const res = await sendImage(sender.cookie, { member_id: recipient.id }, await jpeg(), host);
    expect(res.json().message.image.url).toMatch(/^https:\/\/cdn\.example\/media\/chat\//);
  });

  it('refuses what is not an image, too small, or missing, storing and charging nothing', async () => {
    const sender = await writer();
    const recipient = await writer();
    const before = chatFiles();
    const text = await sendImage(sender.cookie, { member_id: recipient.id }, Buffer.from('plain text, not an image'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: 'photo_not_image', message: expect.any(String) });
    const small = await sendImage(sender.cookie, { member_id: recipient.id }, await jpeg(120, 120));
    expect(small.statusCode).toBe(422);
    expect(small.json().error).toBe('photo_too_small');
    const missing = await sendImage(sender.cookie, { member_id: recipient.id }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('photo_missing');
    const noTarget = await sendImage(sender.cookie, {}, await jpeg());
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json()).toMatchObject({ error: 'validation_failed', fields: { member_id: expect.any(String) } });

    expect(chatFiles()).toEqual(before);
    expect(await balanceOf(t.db, sender.id)).toBe(1000);
    expect(await sentBy(sender.id)).toEqual([]);
    expect(await ledgerOf(t.db, sender.id)).toEqual([]);
  });

  it('refuses before storing anything when the message cannot be sent', async () => {
    const poor = await writer({ credits: site.photo_credits - 1 });
    const recipient = await writer();
    const unconfirmed = await writer({ status: 'not_confirmed' });
    const before = chatFiles();
    const refused = await sendImage(poor.cookie, { member_id: recipient.id }, await jpeg());
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toBe('insufficient_credits');
    expect((await sendImage(poor.cookie, { member_id: 999_999_999 }, await jpeg())).statusCode).toBe(404);
    expect((await sendImage(unconfirmed.cookie, { member_id: recipient.id }, await jpeg())).statusCode).toBe(403);
    expect(chatFiles()).toEqual(before);
    expect(await balanceOf(t.db, poor.id)).toBe(site.photo_credits - 1);
    expect(await sentBy(poor.id)).toEqual([]);
  });

  it('never overdraws: of 4 concurrent images with credits for 1, one is stored with its files', async () => {
    const sender = await writer({ credits: site.photo_credits });
    const recipient = await writer();
    const before = chatFiles();
    const image = await jpeg();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => sendImage(sender.cookie, { member_id: recipient.id }, image)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 402, 402, 402]);
    expect(await balanceOf(t.db, sender.id)).toBe(0);
    expect(await sentBy(sender.id)).toHaveLength(1);
    // The losers' files, written before their transaction failed, are removed again.
    const sent = answers.find((r) => r.statusCode === 200)!.json().message.image;
    const added = chatFiles().filter((key) => !before.includes(key));
    expect(added.map((key) => `/media/${key}`).sort()).toEqual([sent.url, sent.thumb].sort());
  });

  it('needs a login and the request-type header', async () => {
    const recipient = await writer();
    const { payload, headers } = formData({ member_id: recipient.id }, await jpeg());
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/message-image.php',
      payload,
      headers: { ...XHR, ...headers },
    });
    expect(visitor.json().error).toBe('authentication_required');
  });
});
