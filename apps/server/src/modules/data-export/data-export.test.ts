import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_FILES, dataExportFilename } from '@app/shared';
import { buildBlock, buildLike, buildMember, buildPhoto } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import {
  complaints,
  conversations,
  creditBundles,
  creditLedger,
  interests,
  memberTracking,
  members,
  messages,
  orders,
  profileInterests,
  pushSubscriptions,
  reports,
} from '../../db/schema/index.js';
import { createLocalDiskStorage, type MediaStorage } from '../../platform/storage/index.js';
import { DATA_EXPORT_RATE_LIMIT } from './data-export.routes.js';

let t: TestApp;
let storage: MediaStorage;
let mediaRoot: string;
beforeAll(async () => {
  mediaRoot = mkdtempSync(join(tmpdir(), 'export-media-'));
  storage = createLocalDiskStorage(mediaRoot);
  t = await buildTestApp({}, { storage });
});
afterAll(async () => {
  await t?.close();
  rmSync(mediaRoot, { recursive: true, force: true });
});

const OTHER_SECRET = 'private-about-held-of-the-other';

/** A member with rows in every table an export reads, and another member they deal with. */
async function memberWithData() {
  const { member, profile } = await buildMember(t.db, {
    member: { credits: 42, paidUser: true, language: 'de', notificationsOff: ['weekly_updates'] },
    profile: { name: 'Sanne', about: 'Ik hou van wandelen', city: 'Utrecht' },
  });
  const { member: other } = await buildMember(t.db, {
    member: { email: `other-${Date.now()}-${Math.random()}@example.test`, passwordHash: 'other-secret-hash' },
    profile: { name: 'Lotte', aboutHeld: OTHER_SECRET },
  });
  const photo = await buildPhoto(t.db, member.id);
  await storage.put(photo.filename, Buffer.from(`jpeg of ${member.id}`), 'image/webp');
  const otherPhoto = await buildPhoto(t.db, other.id);
  await storage.put(otherPhoto.filename, Buffer.from('the other member photo'), 'image/webp');
  const [interest] = await t.db.select().from(interests).limit(1);
  await t.db.insert(profileInterests).values({ memberId: member.id, interestId: interest!.id });
  await t.db.insert(memberTracking).values({ memberId: member.id, network: 'adnet', landing: 'gallery/milf-de' });

  const [conversation] = await t.db
    .insert(conversations)
    .values({
      memberLowId: Math.min(member.id, other.id),
      memberHighId: Math.max(member.id, other.id),
      startedBy: member.id,
    })
    .returning();
  await t.db.insert(messages).values([
    { conversationId: conversation!.id, senderId: member.id, body: 'Hoi Lotte!', credits: 10 },
    { conversationId: conversation!.id, senderId: other.id, body: 'Hoi Sanne', credits: 0 },
    {
      conversationId: conversation!.id,
      senderId: other.id,
      body: 'held contact 06-12345678',
      heldReason: 'contact_details',
    },
  ]);
  const [bundle] = await t.db.select().from(creditBundles).limit(1);
  const [order] = await t.db
    .insert(orders)
    .values({
      memberId: member.id,
      bundleId: bundle!.id,
      credits: 100,
      method: 'ideal',
      currency: 'EUR',
      amount: 1995,
      listAmount: 1995,
      status: 'completed',
      provider: 'demo',
      providerCustomerId: 'cst_secret',
      termsVersion: new Date('2026-01-01T00:00:00Z'),
      termsAcceptedAt: new Date('2026-11-01T10:00:00Z'),
      completedAt: new Date('2026-11-01T10:01:00Z'),
    })
    .returning();
  await t.db
    .insert(creditLedger)
    .values({ memberId: member.id, delta: 100, reason: 'purchase', orderId: order!.id, balanceAfter: 142 });
  await t.db.update(members).set({ credits: 142 }).where(eq(members.id, member.id));
  await t.db.insert(pushSubscriptions).values({
    memberId: member.id,
    endpoint: `https://push.example/${member.id}`,
    p256dh: 'push-p256dh-key',
    auth: 'push-auth-secret',
  });
  await buildLike(t.db, member.id, other.id);
  await buildBlock(t.db, member.id, other.id);
  await t.db.insert(reports).values({ reporterId: member.id, memberId: other.id, reason: 'fake', note: 'Lijkt nep' });
  await t.db
    .insert(reports)
    .values({ reporterId: other.id, memberId: member.id, reason: 'spam', note: 'report about me' });
  await t.db.insert(complaints).values({
    domain: 'localhost',
    language: 'nl',
    memberId: member.id,
    name: 'Sanne',
    email: member.email,
    topic: 'payment',
    message: 'Mijn credits kwamen niet aan.',
  });
  return { member, profile, other, photo, order: order! };
}

function download(cookie: string | null) {
  return t.app.inject({ method: 'GET', url: '/api/export.php', headers: { ...XHR, ...(cookie ? { cookie } : {}) } });
}

describe('GET /api/export.php', () => {
  it("answers a ZIP download of the member's data, and nothing private of anyone else", async () => {
    const { member, other, order } = await memberWithData();
    const res = await download(await loginCookie(t.db, member.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${dataExportFilename(member.id, new Date())}"`,
    );

    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    for (const file of DATA_EXPORT_FILES) expect(names).toContain(file);
    const photos = names.filter((n) => n.startsWith('photos/'));
    expect(photos).toHaveLength(1);
    expect(strFromU8(files[photos[0]!]!)).toBe(`jpeg of ${member.id}`);
    const read = (name: string) => JSON.parse(strFromU8(files[name]!));

    const profile = read('profile.json');
    expect(profile.account).toMatchObject({
      id: member.id,
      email: member.email,
      language: 'de',
      credits: 142,
      paid_user: true,
    });
    expect(profile.account.notifications_off).toEqual(['weekly_updates']);
    expect(profile.tracking).toMatchObject({ network: 'adnet', landing: 'gallery/milf-de' });
    expect(profile.profile).toMatchObject({ name: 'Sanne', about: 'Ik hou van wandelen', city: 'Utrecht' });
    expect(profile.profile.interests).toHaveLength(1);
    expect(profile.photos).toEqual([expect.objectContaining({ main: true, file: photos[0] })]);

    const { conversations: chats } = read('messages.json');
    expect(chats).toHaveLength(1);
    expect(chats[0].member).toEqual({ id: other.id, name: 'Lotte' });
    expect(chats[0].messages.map((m: { body: string; from_me: boolean }) => [m.from_me, m.body])).toEqual([
      [true, 'Hoi Lotte!'],
      [false, 'Hoi Sanne'],
    ]);

    expect(read('orders.json').orders).toEqual([
      expect.objectContaining({ id: order.id, amount: 1995, currency: 'EUR', status: 'completed', credits: 100 }),
    ]);
    expect(read('credits.json')).toMatchObject({
      balance: 142,
      ledger: [
        { delta: 42, reason: 'seed' },
        { delta: 100, reason: 'purchase' },
      ],
    });
    const consents = read('consents.json');
    expect(consents.terms_accepted_with_orders).toEqual([
      { order_id: order.id, terms_version: '2026-01-01T00:00:00.000Z', accepted_at: '2026-11-01T10:00:00.000Z' },
    ]);
    expect(consents.push_subscriptions).toEqual([{ subscribed_at: expect.any(String) }]);
    expect(read('likes.json').given).toEqual([expect.objectContaining({ member: { id: other.id, name: 'Lotte' } })]);
    expect(read('blocks.json').blocked).toEqual([expect.objectContaining({ member: { id: other.id, name: 'Lotte' } })]);
    expect(read('reports.json').reports).toEqual([
      expect.objectContaining({ member: { id: other.id, name: 'Lotte' }, reason: 'fake', note: 'Lijkt nep' }),
    ]);
    expect(read('complaints.json').complaints).toEqual([
      expect.objectContaining({ topic: 'payment', message: 'Mijn credits kwamen niet aan.' }),
    ]);
    // The member reads German: so does the README.
    expect(strFromU8(files['README.txt']!)).toContain('Deine Daten bei');

    const everything = names.map((n) => strFromU8(files[n]!)).join('\n');
    for (const secret of [
      other.email,
      'other-secret-hash',
      'not-a-real-hash',
      OTHER_SECRET,
      'held contact',
      'report about me',
      'the other member photo',
      'push-auth-secret',
      'push-p256dh-key',
      'cst_secret',
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
  });

  it('answers a member without any data with the same files, empty', async () => {
    const { member } = await buildMember(t.db);
    const res = await download(await loginCookie(t.db, member.id));
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([...DATA_EXPORT_FILES].sort());
    expect(JSON.parse(strFromU8(files['messages.json']!))).toEqual({ conversations: [] });
    expect(strFromU8(files['README.txt']!)).toContain('Je gegevens bij');
  });

  it('is for members only', async () => {
    const res = await download(null);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
  });

  it(`allows ${DATA_EXPORT_RATE_LIMIT.max} exports per member per hour`, async () => {
    const { member } = await buildMember(t.db);
    const cookie = await loginCookie(t.db, member.id);
    for (let i = 0; i < DATA_EXPORT_RATE_LIMIT.max; i++) expect((await download(cookie)).statusCode).toBe(200);
    const refused = await download(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
  });
});
