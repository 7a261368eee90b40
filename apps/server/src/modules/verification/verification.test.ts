import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MemberResponseSchema,
  PHOTO_MAX_BYTES,
  SearchResponseSchema,
  VERIFICATION_POSES,
  VERIFICATION_QUEUE_PAGE,
  VerificationQueueResponseSchema,
  VerificationResponseSchema,
} from '@app/shared';
import { buildBlock, buildMember, buildPhoto, mailsTo, passwordHash } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { imageForm, testJpeg } from '../../../test/uploads.js';
import { auditLog, photoVerifications, profiles } from '../../db/schema/index.js';
import { createLocalDiskStorage } from '../../platform/storage/index.js';

let t: TestApp;
let dataDir: string;
let mediaRoot: string;
let moderator: string;
let support: string;
let selfie: Buffer;
const PASSWORD = 'verification test password';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'verification-'));
  mediaRoot = join(dataDir, 'media');
  t = await buildTestApp(
    { dataDir, rateLimitScale: 100 },
    {
      storage: createLocalDiskStorage(mediaRoot),
      accountRateLimits: {
        passwordCheck: { max: 100, timeWindow: 60_000 },
        reactivation: { max: 100, timeWindow: 60_000 },
        login: { max: 100, timeWindow: 60_000 },
        signup: { max: 100, timeWindow: 60_000 },
      },
    },
  );
  moderator = (await staffSession(t, 'moderator')).cookie;
  support = (await staffSession(t, 'support')).cookie;
  selfie = await testJpeg(480, 640);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A woman in NL with a main photo (unless `photo` is false), and her cookie. */
async function woman(opts: { photo?: boolean; invisible?: boolean } = {}) {
  const built = await buildMember(t.db, {
    member: { invisible: opts.invisible ?? false, passwordHash: await passwordHash(PASSWORD) },
  });
  const photo = opts.photo === false ? null : await buildPhoto(t.db, built.member.id);
  return { ...built, photo, cookie: await loginCookie(t.db, built.member.id) };
}

async function man() {
  const built = await buildMember(t.db, { profile: { gender: 'male' } });
  return { ...built, cookie: await loginCookie(t.db, built.member.id) };
}

const state = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/verification.php', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return VerificationResponseSchema.parse(res.json()).verification;
};

function upload(cookie: string, file: Buffer) {
  const form = imageForm(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/verification.php',
    headers: { ...XHR, cookie, 'content-type': form.contentType },
    payload: form.body,
  });
}

const requestsOf = (memberId: number) =>
  t.db.select().from(photoVerifications).where(eq(photoVerifications.memberId, memberId));

async function queuePage(after: number | null = null) {
  const res = await staffCall(t, moderator, 'GET', `/api/admin/verification.php${after ? `?after=${after}` : ''}`);
  expect(res.statusCode).toBe(200);
  return VerificationQueueResponseSchema.parse(res.json());
}

/** Every waiting request, page by page as the console asks for them. */
async function queue() {
  const requests = [];
  let after: number | null = null;
  do {
    const page = await queuePage(after);
    requests.push(...page.requests);
    after = page.next_after;
  } while (after !== null);
  return { requests };
}

const decide = (body: object, cookie = moderator) => staffCall(t, cookie, 'POST', '/api/admin/verification.php', body);

/** The member asks and waits; answers the request's id. */
async function asks(m: { cookie: string; member: { id: number } }): Promise<number> {
  expect((await upload(m.cookie, selfie)).statusCode).toBe(200);
  const [row] = await requestsOf(m.member.id);
  return row!.id;
}

async function search(cookie: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/members.php?numResults=48${query}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return SearchResponseSchema.parse(res.json());
}

const mediaFiles = () => {
  try {
    return readdirSync(mediaRoot, { recursive: true }).length;
  } catch {
    return 0;
  }
};

describe('asking for verification', () => {
  it('shows a pose from the set, the same until the next request', async () => {
    const m = await woman();
    const first = await state(m.cookie);
    expect(first).toMatchObject({ status: 'none', reason: null });
    expect(VERIFICATION_POSES).toContain(first.pose);
    expect((await state(m.cookie)).pose).toBe(first.pose);
  });

  it('stores the selfie outside the media storage with the pose shown, and waits', async () => {
    const m = await woman();
    const pose = (await state(m.cookie)).pose;
    const filesBefore = mediaFiles();
    const res = await upload(m.cookie, selfie);
    expect(res.statusCode).toBe(200);
    expect(VerificationResponseSchema.parse(res.json()).verification).toEqual({
      status: 'pending',
      pose: null,
      reason: null,
    });
    expect(mediaFiles()).toBe(filesBefore);
    const [row] = await requestsOf(m.member.id);
    expect(row).toMatchObject({ status: 'pending', pose });
    // Re-encoded, never the upload as sent.
    expect(row!.selfie!.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('refuses a non-image, an oversize file, a second request and a member without photo, changing nothing', async () => {
    const m = await woman();
    const notImage = await upload(m.cookie, Buffer.from('%PDF-1.4 not a photo at all'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toMatchObject({ error: 'photo_not_image', message: expect.stringContaining('foto') });
    const tooBig = await upload(m.cookie, Buffer.alloc(PHOTO_MAX_BYTES + 1024, 0xff));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe('photo_too_large');
    expect(await requestsOf(m.member.id)).toHaveLength(0);

    await asks(m);
    const second = await upload(m.cookie, selfie);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: 'verification_pending',
      message: 'Je verificatieverzoek wordt nog beoordeeld. Wacht op de uitkomst voordat je een nieuwe selfie stuurt.',
    });
    expect(await requestsOf(m.member.id)).toHaveLength(1);

    const bare = await woman({ photo: false });
    const noPhoto = await upload(bare.cookie, selfie);
    expect(noPhoto.statusCode).toBe(409);
    expect(noPhoto.json().error).toBe('verification_needs_photo');
    expect(await requestsOf(bare.member.id)).toHaveLength(0);
  });

  it('is for members only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/verification.php', headers: XHR });
    expect(res.statusCode).toBe(403);
  });
});

describe('the selfie is shown to staff of the queue only', () => {
  it('is never served to members, support staff or by a guessed media URL', async () => {
    const m = await woman();
    const id = await asks(m);
    const other = await man();
    for (const cookie of [m.cookie, other.cookie]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/verification-selfie.php?id=${id}`,
        headers: { ...XHR, cookie },
      });
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).not.toContain('image');
    }
    const bySupport = await staffCall(t, support, 'GET', `/api/admin/verification-selfie.php?id=${id}`);
    expect(bySupport.json().error).toBe('permission_denied');
    expect((await staffCall(t, support, 'GET', '/api/admin/verification.php')).json().error).toBe('permission_denied');
    for (const guess of [`/media/verification/${id}.webp`, `/media/selfies/${id}.webp`, `/media/${id}.webp`]) {
      expect((await t.app.inject({ method: 'GET', url: guess })).statusCode).toBe(404);
    }
    // The member's own answers and what others see of them never carry it.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${m.member.id}`,
      headers: { cookie: other.cookie },
    });
    expect(seen.body).not.toContain('selfie');
    expect(JSON.stringify(await state(m.cookie))).not.toContain('selfie');
  });

  it('lists the request with pose and photos for a moderator, who gets the selfie uncached', async () => {
    const m = await woman();
    const id = await asks(m);
    const request = (await queue()).requests.find((r) => r.id === id);
    expect(request).toMatchObject({
      member_id: m.member.id,
      member_name: m.profile.name,
      pose: (await requestsOf(m.member.id))[0]!.pose,
      selfie_url: `/api/admin/verification-selfie.php?id=${id}`,
      photos: [{ id: m.photo!.id, is_main: true, url: expect.stringContaining(m.photo!.filename) }],
    });
    const image = await staffCall(t, moderator, 'GET', request!.selfie_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('no-store');
  });
});

describe("the console's queue", () => {
  it('pages oldest first by keyset, past requests decided or dropped between pages', async () => {
    // More than a page of waiting requests, stored as an upload stores them.
    const waiting: number[] = [];
    for (let i = 0; i < VERIFICATION_QUEUE_PAGE + 5; i++) {
      const { member } = await buildMember(t.db);
      const [row] = await t.db
        .insert(photoVerifications)
        .values({ memberId: member.id, pose: VERIFICATION_POSES[0], selfie: Buffer.from('webp') })
        .returning({ id: photoVerifications.id });
      waiting.push(row!.id);
    }

    const first = await queuePage();
    expect(first.requests).toHaveLength(VERIFICATION_QUEUE_PAGE);
    expect(first.next_after).toBe(first.requests.at(-1)!.id);
    const firstIds = first.requests.map((r) => r.id);
    expect(firstIds).toEqual([...firstIds].sort((a, b) => a - b));

    // A request of the next page decided, and the last one shown decided too: neither moves the rest.
    const shownLast = firstIds.at(-1)!;
    const notYetShown = waiting.find((id) => id > shownLast)!;
    expect((await decide({ id: shownLast, decision: 'reject', reason: 'Onscherp' })).statusCode).toBe(200);
    expect((await decide({ id: notYetShown, decision: 'reject', reason: 'Onscherp' })).statusCode).toBe(200);

    const rest: number[] = [];
    let after = first.next_after;
    while (after !== null) {
      const page = await queuePage(after);
      expect(page.requests.length).toBeLessThanOrEqual(VERIFICATION_QUEUE_PAGE);
      rest.push(...page.requests.map((r) => r.id));
      after = page.next_after;
    }
    expect(rest.every((id) => id > shownLast)).toBe(true);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
    const all = [...firstIds, ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(waiting.filter((id) => !all.includes(id))).toEqual([notYetShown]);
  });

  it('refuses an after that is no request id, with the error contract', async () => {
    for (const after of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const res = await staffCall(t, moderator, 'GET', `/api/admin/verification.php?after=${after}`);
      expect(res.statusCode, after).toBe(400);
      expect(res.json().error, after).toBe('validation_failed');
    }
  });
});

describe('deciding', () => {
  it('approves: the badge on cards, profile and search, the selfie erased, audited, the member told', async () => {
    const m = await woman();
    const viewer = await man();
    const id = await asks(m);
    expect((await search(viewer.cookie)).members.find((c) => c.id === m.member.id)?.verified).toBe(false);

    expect((await decide({ id, decision: 'approve' })).statusCode).toBe(200);

    const [row] = await requestsOf(m.member.id);
    expect(row).toMatchObject({ status: 'approved', selfie: null, photoId: m.photo!.id });
    expect((await staffCall(t, moderator, 'GET', `/api/admin/verification-selfie.php?id=${id}`)).statusCode).toBe(404);
    expect((await queue()).requests.some((r) => r.id === id)).toBe(false);
    expect((await decide({ id, decision: 'approve' })).json().error).toBe('verification_not_found');

    expect(await state(m.cookie)).toEqual({ status: 'verified', pose: null, reason: null });
    const again = await upload(m.cookie, selfie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('verification_already_verified');

    expect((await search(viewer.cookie)).members.find((c) => c.id === m.member.id)?.verified).toBe(true);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${m.member.id}`,
      headers: { cookie: viewer.cookie },
    });
    expect(MemberResponseSchema.parse(seen.json()).member.verified).toBe(true);

    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verification.approve'), eq(auditLog.targetId, String(m.member.id))));
    expect(logged).toHaveLength(1);
    await vi.waitFor(async () => expect(await mailsTo(t.db, m.member.email)).toHaveLength(1), { timeout: 5000 });
    const [mail] = await mailsTo(t.db, m.member.email);
    expect(mail!.subject).toContain('geverifieerd');
    expect(mail!.text).toContain('/profile');
  });

  it('rejects only with a reason, which the member reads; a new pose follows', async () => {
    const m = await woman();
    const before = (await state(m.cookie)).pose;
    const id = await asks(m);
    const bare = await decide({ id, decision: 'reject' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toBe('validation_failed');
    expect((await decide({ id, decision: 'reject', reason: '   ' })).statusCode).toBe(400);
    expect((await requestsOf(m.member.id))[0]!.status).toBe('pending');

    expect((await decide({ id, decision: 'reject', reason: 'Je gezicht is niet te zien' })).statusCode).toBe(200);
    expect((await requestsOf(m.member.id))[0]).toMatchObject({ status: 'rejected', selfie: null });
    const after = await state(m.cookie);
    expect(after).toMatchObject({ status: 'rejected', reason: 'Je gezicht is niet te zien' });
    expect(VERIFICATION_POSES).toContain(after.pose);
    expect(before).not.toBeNull();
    await vi.waitFor(async () => expect(await mailsTo(t.db, m.member.email)).toHaveLength(1), { timeout: 5000 });
    expect((await mailsTo(t.db, m.member.email))[0]!.text).toContain('Je gezicht is niet te zien');
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verification.reject'), eq(auditLog.targetId, String(m.member.id))));
    expect(logged[0]?.details).toMatchObject({ request_id: id, reason: 'Je gezicht is niet te zien' });
    // A rejected member may ask again.
    expect((await upload(m.cookie, selfie)).statusCode).toBe(200);
  });

  it('refuses support staff', async () => {
    const m = await woman();
    const id = await asks(m);
    expect((await decide({ id, decision: 'approve' }, support)).json().error).toBe('permission_denied');
    expect((await requestsOf(m.member.id))[0]!.status).toBe('pending');
  });
});

describe('the badge rule', () => {
  async function verified() {
    const m = await woman();
    const second = await buildPhoto(t.db, m.member.id, { position: 1, isMain: false });
    const id = await asks(m);
    expect((await decide({ id, decision: 'approve' })).statusCode).toBe(200);
    return { ...m, second };
  }
  const badge = async (memberId: number) =>
    (await t.db.select({ id: profiles.verifiedPhotoId }).from(profiles).where(eq(profiles.memberId, memberId)))[0]!.id;
  const deletePhoto = (cookie: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: '/api/photos.php', headers: { ...XHR, cookie }, payload: { id } });

  it('holds while the photo checked stays, even when another is removed or it is no longer main', async () => {
    const m = await verified();
    expect((await deletePhoto(m.cookie, m.second.id)).statusCode).toBe(200);
    expect(await badge(m.member.id)).toBe(m.photo!.id);
    await buildPhoto(t.db, m.member.id, { position: 2, isMain: false });
    expect(await badge(m.member.id)).toBe(m.photo!.id);
  });

  it('goes with the photo it was checked against; the member is asked again', async () => {
    const m = await verified();
    expect((await deletePhoto(m.cookie, m.photo!.id)).statusCode).toBe(200);
    expect(await badge(m.member.id)).toBeNull();
    const after = await state(m.cookie);
    expect(after.status).toBe('none');
    expect(VERIFICATION_POSES).toContain(after.pose);
    const viewer = await man();
    expect((await search(viewer.cookie)).members.find((c) => c.id === m.member.id)?.verified).toBe(false);
  });
});

describe("search's 'verified only'", () => {
  it('lists verified members only, still leaving out invisible and blocked ones', async () => {
    const viewer = await man();
    const plain = await woman();
    const verifiedOnes = [];
    for (const opts of [{}, { invisible: true }, {}]) {
      const m = await woman(opts);
      const id = await asks(m);
      expect((await decide({ id, decision: 'approve' })).statusCode).toBe(200);
      verifiedOnes.push(m);
    }
    const [shown, invisible, blocker] = verifiedOnes;
    await buildBlock(t.db, blocker!.member.id, viewer.member.id);

    const all = (await search(viewer.cookie)).members.map((c) => c.id);
    expect(all).toContain(plain.member.id);
    const only = await search(viewer.cookie, '&verified=1');
    const ids = only.members.map((c) => c.id);
    expect(ids).toContain(shown!.member.id);
    expect(ids).not.toContain(plain.member.id);
    expect(ids).not.toContain(invisible!.member.id);
    expect(ids).not.toContain(blocker!.member.id);
    expect(only.members.every((c) => c.verified)).toBe(true);
    expect([...only.members, ...only.similar].every((c) => c.verified)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/members.php?verified=yes', headers: { cookie: viewer.cookie } }))
        .statusCode,
    ).toBe(400);
  });
});

describe("the 'verified only' index", () => {
  it('reads a verified search slice from profiles_verified_browse_idx', async () => {
    const plan = await t.db.transaction(async (tx) => {
      // A test database is small enough for a sequential scan: take it away to see what the
      // planner can use at scale (bench:explain measures the real data).
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute(sql`explain select p.member_id from profiles p
        where p.country = 'NL' and p.status = 'active' and p.verified_photo_id is not null
          and p.gender = any(array['female']) and p.birth_date between '1950-01-01' and '2000-01-01'
        order by p.last_active_at desc, p.member_id desc limit 25`);
      // PGlite answers the rows, node-postgres a result holding them.
      const lines = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<Record<string, string>>;
      return lines.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('profiles_verified_browse_idx');
  });
});

describe('export and deletion', () => {
  it('exports the status, never the selfie', async () => {
    const m = await woman();
    await asks(m);
    const res = await t.app.inject({ method: 'GET', url: '/api/export.php', headers: { ...XHR, cookie: m.cookie } });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const exported = JSON.parse(strFromU8(files['verification.json']!));
    expect(exported).toMatchObject({ verified: false, last_request: { status: 'pending', decided_at: null } });
    expect(Object.keys(files).some((name) => /selfie/i.test(name))).toBe(false);
  });

  it('deleting the account erases a waiting selfie', async () => {
    const m = await woman();
    await asks(m);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account-delete.php',
      headers: { ...XHR, cookie: m.cookie },
      payload: { reason: 'found_partner', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(await requestsOf(m.member.id)).toHaveLength(0);
  });
});
