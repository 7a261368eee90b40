import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemberResponseSchema,
  PhotoReviewQueueResponseSchema,
  ProfileResponseSchema,
  type PhotoReviewMode,
} from '@app/shared';
import { buildMember, buildSite } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { auditLog, members, photos } from '../../db/schema/index.js';
import { createLocalDiskStorage } from '../../platform/storage/index.js';
import { cardsFrom } from '../directory/directory.repository.js';

let t: TestApp;
let dataDir: string;
let mediaRoot: string;
let moderator: string;
let support: string;
const sites = {} as Record<PhotoReviewMode | 'missing', string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'photo-review-'));
  mediaRoot = join(dataDir, 'media');
  t = await buildTestApp({ dataDir, rateLimitScale: 100 }, { storage: createLocalDiskStorage(mediaRoot) });
  moderator = (await staffSession(t, 'moderator')).cookie;
  support = (await staffSession(t, 'support')).cookie;
  for (const mode of ['off', 'before', 'after'] as const) sites[mode] = await buildSite(t.db, { photo_review: mode });
  // A site stored before the setting existed.
  sites.missing = await buildSite(t.db, {});
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 400, channels: 3, background: '#3c6' } })
    .jpeg()
    .toBuffer();
}

/** A member of `site` who uploads one photo; answers the member, its cookie and the photo row. */
async function memberUploads(site: string) {
  const m = await buildMember(t.db, { member: { domain: site } });
  const cookie = await loginCookie(t.db, m.member.id);
  const boundary = `----test${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    await jpeg(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    headers: { ...XHR, cookie, host: site, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode).toBe(200);
  const [photo] = await t.db.select().from(photos).where(eq(photos.memberId, m.member.id));
  return { ...m, cookie, photo: photo! };
}

async function viewAs(site: string, memberId: number) {
  const viewer = await buildMember(t.db, { member: { domain: site }, profile: { gender: 'male' } });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/member.php?id=${memberId}`,
    headers: { cookie: await loginCookie(t.db, viewer.member.id), host: site },
  });
  return MemberResponseSchema.parse(res.json()).member;
}

const card = async (memberId: number) => (await cardsFrom(t.db).where(eq(members.id, memberId)))[0]!;

const decide = (cookie: string, photoId: number, decision: 'approve' | 'reject') =>
  staffCall(t, cookie, 'POST', '/api/admin/photo-review.php', { photo_id: photoId, decision });

describe('photo review on upload', () => {
  it("approves at once with 'off' and with settings stored before the setting existed", async () => {
    expect((await memberUploads(sites.off)).photo.review).toBe('approved');
    expect((await memberUploads(sites.missing)).photo.review).toBe('approved');
  });

  it("shows an 'after' photo at once and queues it", async () => {
    const m = await memberUploads(sites.after);
    expect(m.photo.review).toBe('pending_live');
    expect((await viewAs(sites.after, m.member.id)).photos).toHaveLength(1);
    expect((await card(m.member.id)).thumbFilename).toBe(m.photo.thumbFilename);
  });

  it("hides a 'before' photo from other members until approved; the owner sees it marked", async () => {
    const m = await memberUploads(sites.before);
    expect(m.photo.review).toBe('pending');

    const seen = await viewAs(sites.before, m.member.id);
    expect(seen.photos).toEqual([]);
    expect(seen.thumb).toBeNull();
    expect((await card(m.member.id)).thumbFilename).toBeNull();

    const own = await t.app.inject({ method: 'GET', url: '/api/profile.php', headers: { cookie: m.cookie } });
    expect(ProfileResponseSchema.parse(own.json()).profile.photos[0]).toMatchObject({ pending_review: true });

    const queue = PhotoReviewQueueResponseSchema.parse(
      (await staffCall(t, moderator, 'GET', '/api/admin/photo-review.php')).json(),
    );
    expect(queue.photos.find((p) => p.id === m.photo.id)).toMatchObject({
      member_id: m.member.id,
      member_name: m.profile.name,
      review: 'pending',
    });

    expect((await decide(moderator, m.photo.id, 'approve')).statusCode).toBe(200);
    expect((await viewAs(sites.before, m.member.id)).photos).toHaveLength(1);
    expect((await card(m.member.id)).thumbFilename).toBe(m.photo.thumbFilename);
    const ownAfter = await t.app.inject({ method: 'GET', url: '/api/profile.php', headers: { cookie: m.cookie } });
    expect(ownAfter.json().profile.photos[0].pending_review).toBeUndefined();

    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photo.approve'), eq(auditLog.targetId, String(m.member.id))));
    expect(logged).toHaveLength(1);
    // Decided: no longer in the queue, a second decision finds nothing.
    expect((await decide(moderator, m.photo.id, 'reject')).statusCode).toBe(404);
  });
});

describe('photo review queue', () => {
  it('is closed to support staff', async () => {
    expect((await staffCall(t, support, 'GET', '/api/admin/photo-review.php')).json().error).toBe('permission_denied');
    expect((await decide(support, 1, 'approve')).json().error).toBe('permission_denied');
  });

  it('rejects by deleting the photo and its files, and the next photo becomes main', async () => {
    const m = await memberUploads(sites.before);
    // A second photo, uploaded while the setting was 'after'.
    const [second] = await t.db
      .insert(photos)
      .values({
        memberId: m.member.id,
        position: 1,
        isMain: false,
        filename: 'x/second-main.webp',
        thumbFilename: 'x/second-thumb.webp',
        matchFilename: 'x/second-match.webp',
        review: 'approved',
      })
      .returning();
    const files = [m.photo.filename, m.photo.thumbFilename, m.photo.matchFilename].map((k) => join(mediaRoot, k));
    expect(files.every((f) => existsSync(f))).toBe(true);

    const res = await decide(moderator, m.photo.id, 'reject');
    expect(res.statusCode).toBe(200);
    const left = await t.db.select().from(photos).where(eq(photos.memberId, m.member.id));
    expect(left).toEqual([expect.objectContaining({ id: second!.id, isMain: true })]);
    expect(files.some((f) => existsSync(f))).toBe(false);
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photo.reject'), eq(auditLog.targetId, String(m.member.id))));
    expect(logged[0]?.details).toMatchObject({ photo_id: m.photo.id, review: 'pending' });
  });

  it('pages oldest first', async () => {
    const uploads = [];
    for (let i = 0; i < 3; i++) uploads.push(await memberUploads(sites.after));
    const all = [];
    let after: string | null = null;
    do {
      const url: string = `/api/admin/photo-review.php${after ? `?after=${encodeURIComponent(after)}` : ''}`;
      const page = PhotoReviewQueueResponseSchema.parse((await staffCall(t, moderator, 'GET', url)).json());
      all.push(...page.photos);
      after = page.next;
    } while (after);
    const ids = all.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const mine = uploads.map((u) => u.photo.id);
    expect(ids.filter((id) => mine.includes(id))).toEqual(mine);
    const times = all.map((p) => p.created_at);
    expect([...times].sort()).toEqual(times);
  });
});
