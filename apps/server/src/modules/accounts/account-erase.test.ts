import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildPhoto } from '../../../test/factories.js';
import { buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import {
  accountTokens,
  complaints,
  conversations,
  discountCodes,
  memberTracking,
  members,
  messages,
  pendingFirstMessages,
  photos,
  profiles,
  reports,
  sessions,
} from '../../db/schema/index.js';
import { createLocalDiskStorage, type MediaStorage } from '../../platform/storage/index.js';
import { eraseExpiredAccounts } from './account-erase.job.js';

const DAY = 24 * 3_600_000;

let t: TestApp;
let storage: MediaStorage;
let mediaRoot: string;
beforeAll(async () => {
  mediaRoot = mkdtempSync(join(tmpdir(), 'erase-media-'));
  storage = createLocalDiskStorage(mediaRoot);
  t = await buildTestApp({ eraseJobIntervalMinutes: 0 }, { storage });
});
afterAll(async () => {
  await t?.close();
  rmSync(mediaRoot, { recursive: true, force: true });
});

/** A member deleted `daysAgo` days ago (null: not deleted) with a stored photo and rows in every table. */
async function memberWithEverything(daysAgo: number | null) {
  const { member } = await buildMember(t.db, {
    member: { deletedAt: daysAgo === null ? null : new Date(Date.now() - daysAgo * DAY) },
  });
  const photo = await buildPhoto(t.db, member.id);
  const keys = [photo.filename, photo.thumbFilename, photo.matchFilename];
  for (const key of keys) await storage.put(key, Buffer.from(`image of ${member.id}`), 'image/webp');
  await loginCookie(t.db, member.id);
  await t.db.insert(accountTokens).values({
    memberId: member.id,
    kind: 'reactivation',
    tokenHash: `hash-${member.id}-${Math.random()}`,
    expiresAt: new Date(Date.now() + DAY),
  });
  await t.db.insert(memberTracking).values({ memberId: member.id, network: 'adnet' });
  await t.db.insert(discountCodes).values({
    code: `STAY-T${member.id}`,
    memberId: member.id,
    percentage: 50,
    validity: 'once',
    source: 'retention',
    expiresAt: new Date(Date.now() + DAY),
  });
  return { member, keys };
}

async function stored(keys: string[]): Promise<boolean[]> {
  return Promise.all(keys.map(async (key) => (await storage.get(key)) !== null));
}

async function rowCounts(memberId: number) {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    members: await count(t.db.select().from(members).where(eq(members.id, memberId))),
    profiles: await count(t.db.select().from(profiles).where(eq(profiles.memberId, memberId))),
    photos: await count(t.db.select().from(photos).where(eq(photos.memberId, memberId))),
    sessions: await count(t.db.select().from(sessions).where(eq(sessions.memberId, memberId))),
    tokens: await count(t.db.select().from(accountTokens).where(eq(accountTokens.memberId, memberId))),
    tracking: await count(t.db.select().from(memberTracking).where(eq(memberTracking.memberId, memberId))),
    codes: await count(t.db.select().from(discountCodes).where(eq(discountCodes.memberId, memberId))),
    messages: await count(
      t.db
        .select()
        .from(pendingFirstMessages)
        .where(or(eq(pendingFirstMessages.senderId, memberId), eq(pendingFirstMessages.recipientId, memberId))),
    ),
  };
}

const NONE = { members: 0, profiles: 0, photos: 0, sessions: 0, tokens: 0, tracking: 0, codes: 0, messages: 0 };

describe('eraseExpiredAccounts', () => {
  it('erases accounts deleted over 14 days ago with their rows and photo files, and nothing else', async () => {
    const expired = await memberWithEverything(15);
    const recent = await memberWithEverything(13);
    const active = await memberWithEverything(null);
    await t.db.insert(pendingFirstMessages).values([
      { senderId: expired.member.id, recipientId: active.member.id, body: 'hoi' },
      { senderId: active.member.id, recipientId: expired.member.id, body: 'hallo' },
    ]);

    const result = await eraseExpiredAccounts({ db: t.db, storage, now: new Date(), log: t.app.log });
    expect(result).toEqual({ members: 1, files: 3 });

    expect(await rowCounts(expired.member.id)).toEqual(NONE);
    expect(await stored(expired.keys)).toEqual([false, false, false]);

    for (const kept of [recent, active]) {
      expect(await rowCounts(kept.member.id)).toEqual({
        ...NONE,
        members: 1,
        profiles: 1,
        photos: 1,
        sessions: 1,
        tokens: 1,
        tracking: 1,
        codes: 1,
      });
      expect(await stored(kept.keys)).toEqual([true, true, true]);
    }

    // Nothing left to do: a second run erases nothing.
    expect(await eraseExpiredAccounts({ db: t.db, storage, now: new Date(), log: t.app.log })).toEqual({
      members: 0,
      files: 0,
    });
  });

  it("deletes the image files of an erased member's conversations, the partner's too, and no others", async () => {
    const expired = await memberWithEverything(15);
    const active = await memberWithEverything(null);
    const other = await memberWithEverything(null);
    async function conversation(a: number, b: number): Promise<number> {
      const [row] = await t.db
        .insert(conversations)
        .values({ memberLowId: Math.min(a, b), memberHighId: Math.max(a, b), startedBy: a })
        .returning();
      return row!.id;
    }
    async function imageMessage(conversationId: number, from: number, name: string): Promise<string[]> {
      const keys = [`chat/${name}-full.webp`, `chat/${name}-thumb.webp`];
      for (const key of keys) await storage.put(key, Buffer.from(name), 'image/webp');
      await t.db
        .insert(messages)
        .values({ conversationId, senderId: from, kind: 'image', imageKey: keys[0], imageThumbKey: keys[1] });
      return keys;
    }
    const theirs = await conversation(expired.member.id, active.member.id);
    const sent = await imageMessage(theirs, expired.member.id, `sent-${expired.member.id}`);
    const received = await imageMessage(theirs, active.member.id, `received-${expired.member.id}`);
    const unrelated = await imageMessage(
      await conversation(active.member.id, other.member.id),
      active.member.id,
      `unrelated-${expired.member.id}`,
    );

    const result = await eraseExpiredAccounts({ db: t.db, storage, now: new Date(), log: t.app.log });

    expect(result).toEqual({ members: 1, files: 3 + 4 });
    expect(await stored([...sent, ...received])).toEqual([false, false, false, false]);
    expect(await stored(unrelated)).toEqual([true, true]);
  });

  it('erases the messages an erased member sent, keeps their filed reports without them, and blanks their complaints', async () => {
    const expired = await memberWithEverything(15);
    const active = await memberWithEverything(null);
    const [conversation] = await t.db
      .insert(conversations)
      .values({
        memberLowId: Math.min(expired.member.id, active.member.id),
        memberHighId: Math.max(expired.member.id, active.member.id),
        startedBy: expired.member.id,
      })
      .returning();
    await t.db.insert(messages).values({ conversationId: conversation!.id, senderId: expired.member.id, body: 'hoi' });
    const [filed] = await t.db
      .insert(reports)
      .values({ reporterId: expired.member.id, memberId: active.member.id, reason: 'spam', note: 'spam' })
      .returning();
    const [about] = await t.db
      .insert(reports)
      .values({ reporterId: active.member.id, memberId: expired.member.id, reason: 'fake' })
      .returning();
    const complaint = {
      domain: 'localhost',
      language: 'nl',
      name: 'Sanne',
      topic: 'payment' as const,
      subject: 'Order 12',
      message: 'Mijn credits kwamen niet aan.',
    };
    const [theirs] = await t.db
      .insert(complaints)
      .values({ ...complaint, memberId: expired.member.id, email: expired.member.email })
      .returning();
    const [kept] = await t.db
      .insert(complaints)
      .values({ ...complaint, memberId: active.member.id, email: active.member.email })
      .returning();

    await eraseExpiredAccounts({ db: t.db, storage, now: new Date(), log: t.app.log });

    expect(await t.db.select().from(messages).where(eq(messages.senderId, expired.member.id))).toEqual([]);
    expect(await t.db.select().from(reports).where(eq(reports.id, filed!.id))).toEqual([
      expect.objectContaining({ reporterId: null, memberId: active.member.id }),
    ]);
    expect(await t.db.select().from(reports).where(eq(reports.id, about!.id))).toEqual([]);
    expect(await t.db.select().from(complaints).where(eq(complaints.id, theirs!.id))).toEqual([
      expect.objectContaining({ memberId: null, name: '', email: '', subject: null, message: '', topic: 'payment' }),
    ]);
    expect(await t.db.select().from(complaints).where(eq(complaints.id, kept!.id))).toEqual([
      expect.objectContaining({ name: 'Sanne', email: active.member.email, message: complaint.message }),
    ]);
  });

  it('works in batches until every expired account is gone, photo files already missing or not', async () => {
    const batch = await Promise.all([20, 30, 40, 50, 60].map((days) => memberWithEverything(days)));
    await storage.delete(batch[0]!.keys[0]!);
    const result = await eraseExpiredAccounts({ db: t.db, storage, now: new Date(), log: t.app.log, batchSize: 2 });
    expect(result).toEqual({ members: 5, files: 15 });
    const ids = batch.map((b) => b.member.id);
    expect(await t.db.select().from(members).where(inArray(members.id, ids))).toEqual([]);
    for (const b of batch) expect(await stored(b.keys)).toEqual([false, false, false]);
  });

  it('counts the 14 days from the time it is given', async () => {
    const soon = await memberWithEverything(13);
    await eraseExpiredAccounts({ db: t.db, storage, now: new Date(), log: t.app.log });
    expect((await rowCounts(soon.member.id)).members).toBe(1);
    await eraseExpiredAccounts({ db: t.db, storage, now: new Date(Date.now() + 2 * DAY), log: t.app.log });
    expect((await rowCounts(soon.member.id)).members).toBe(0);
  });
});

describe('the erase job', () => {
  it('runs on the job runner when ERASE_JOB_INTERVAL_MINUTES is set, once per interval', async () => {
    const expired = await memberWithEverything(20);
    const withJob = await buildTestApp({ eraseJobIntervalMinutes: 60 }, { db: t.db, storage });
    try {
      const at = new Date();
      expect(await withJob.app.jobs.runDue(at)).toContain('erase-accounts');
      expect((await rowCounts(expired.member.id)).members).toBe(0);
      expect(await stored(expired.keys)).toEqual([false, false, false]);
      expect(await withJob.app.jobs.runDue(at)).not.toContain('erase-accounts');
    } finally {
      await withJob.close();
    }
  });

  it('is not scheduled when ERASE_JOB_INTERVAL_MINUTES is 0', async () => {
    expect(await t.app.jobs.runDue(new Date(Date.now() + 365 * DAY))).not.toContain('erase-accounts');
  });
});
