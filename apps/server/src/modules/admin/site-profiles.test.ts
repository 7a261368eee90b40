import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberResponseSchema, SiteProfileListResponseSchema, SiteProfileResponseSchema } from '@app/shared';
import { buildMember, buildSite } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { auditLog, members, photos } from '../../db/schema/index.js';
import { createLocalDiskStorage } from '../../platform/storage/index.js';

let t: TestApp;
let dataDir: string;
let admin: string;
let moderator: string;
let support: string;
let domain: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'site-profiles-'));
  t = await buildTestApp({ dataDir, rateLimitScale: 100 }, { storage: createLocalDiskStorage(join(dataDir, 'media')) });
  admin = (await staffSession(t, 'admin')).cookie;
  moderator = (await staffSession(t, 'moderator')).cookie;
  support = (await staffSession(t, 'support')).cookie;
  domain = await buildSite(t.db, { countries: ['NL', 'BE'], min_age: 18 });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const newProfile = (overrides: Record<string, unknown> = {}) => ({
  domain,
  name: 'Sanne',
  gender: 'female',
  sexuality: 'hetero',
  birth_date: '1994-03-02',
  country: 'NL',
  city: 'Utrecht',
  about: 'Houdt van fietsen.',
  hair_color: null,
  ...overrides,
});

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 400, channels: 3, background: '#c36' } })
    .jpeg()
    .toBuffer();
}

function upload(cookie: string, id: number, data: Buffer) {
  const boundary = `----test${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/site-profile-photo.php?id=${id}`,
    headers: { ...XHR, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const auditOf = (action: string, targetId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

describe('site-run profiles', () => {
  it('refuses support staff every call', async () => {
    expect((await staffCall(t, support, 'GET', '/api/admin/site-profiles.php')).json().error).toBe('permission_denied');
    const created = await staffCall(t, support, 'POST', '/api/admin/site-profile.php', newProfile());
    expect(created.statusCode).toBe(403);
    expect(created.json().error).toBe('permission_denied');
  });

  it('creates a confirmed, fictional member without credits that cannot log in, and audits it', async () => {
    const res = await staffCall(t, moderator, 'POST', '/api/admin/site-profile.php', newProfile());
    expect(res.statusCode).toBe(201);
    const { profile } = SiteProfileResponseSchema.parse(res.json());
    expect(profile).toMatchObject({ name: 'Sanne', domain, fictional: true, city: 'Utrecht', photos: [], waiting: 0 });

    const [row] = await t.db.select().from(members).where(eq(members.id, profile.id));
    expect(row).toMatchObject({ fictional: true, status: 'confirmed', credits: 0, domain });
    expect(row!.passwordHash.startsWith('$argon2')).toBe(false);
    expect(await auditOf('site_profile.create', profile.id)).toHaveLength(1);

    // Members see it marked.
    const viewer = await buildMember(t.db, { member: { domain }, profile: { gender: 'male' } });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${profile.id}`,
      headers: { cookie: await loginCookie(t.db, viewer.member.id), host: domain },
    });
    expect(MemberResponseSchema.parse(seen.json()).member.fictional).toBe(true);

    const list = SiteProfileListResponseSchema.parse(
      (await staffCall(t, admin, 'GET', '/api/admin/site-profiles.php')).json(),
    );
    expect(list.profiles.find((p) => p.id === profile.id)).toMatchObject({ name: 'Sanne', fictional: true });
  });

  it('refuses an under-age birth date, a country the site does not serve and an unknown site', async () => {
    const young = await staffCall(
      t,
      admin,
      'POST',
      '/api/admin/site-profile.php',
      newProfile({ birth_date: '2015-01-01' }),
    );
    expect(young.statusCode).toBe(400);
    expect(young.json().fields.birth_date).toBeDefined();
    const country = await staffCall(t, admin, 'POST', '/api/admin/site-profile.php', newProfile({ country: 'DE' }));
    expect(country.json().fields.country).toBeDefined();
    const site = await staffCall(
      t,
      admin,
      'POST',
      '/api/admin/site-profile.php',
      newProfile({ domain: 'nope.invalid' }),
    );
    expect(site.json().fields.domain).toBeDefined();
    // Nothing can ask for a non-fictional one: unknown fields are refused.
    const sneaky = await staffCall(t, admin, 'POST', '/api/admin/site-profile.php', newProfile({ fictional: false }));
    expect(sneaky.statusCode).toBe(400);
  });

  it('edits only site-run profiles, audited', async () => {
    const { profile } = (await staffCall(t, admin, 'POST', '/api/admin/site-profile.php', newProfile())).json();
    const res = await staffCall(t, moderator, 'PUT', '/api/admin/site-profile.php', {
      id: profile.id,
      name: 'Sanne B',
      about: 'Mail me op sanne@example.com',
      eye_color: 'blue',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      name: 'Sanne B',
      eye_color: 'blue',
      about: 'Mail me op sanne@example.com',
    });
    expect(await auditOf('site_profile.update', profile.id)).toHaveLength(1);

    const real = await buildMember(t.db);
    const refused = await staffCall(t, admin, 'PUT', '/api/admin/site-profile.php', { id: real.member.id, name: 'X' });
    expect(refused.statusCode).toBe(404);
  });

  it('uploads photos through the members pipeline, approved at once, sets the main one and deletes', async () => {
    const { profile } = (await staffCall(t, admin, 'POST', '/api/admin/site-profile.php', newProfile())).json();
    const first = await upload(moderator, profile.id, await jpeg());
    expect(first.statusCode).toBe(200);
    const second = await upload(moderator, profile.id, await jpeg());
    const uploaded = second.json().photos as Array<{ id: number; is_main: boolean; thumb_filename: string }>;
    expect(uploaded).toHaveLength(2);
    expect(uploaded[0]!.is_main).toBe(true);
    const rows = await t.db.select().from(photos).where(eq(photos.memberId, profile.id));
    expect(rows.every((p) => p.review === 'approved')).toBe(true);

    const refused = await upload(moderator, profile.id, Buffer.from('not an image at all'));
    expect(refused.statusCode).toBe(415);

    const main = await staffCall(t, moderator, 'POST', '/api/admin/site-profile-photos.php', {
      id: profile.id,
      main: uploaded[1]!.id,
    });
    expect(main.json().photos.find((p: { is_main: boolean }) => p.is_main).id).toBe(uploaded[1]!.id);

    const deleted = await staffCall(t, moderator, 'POST', '/api/admin/site-profile-photo-delete.php', {
      id: profile.id,
      photo_id: uploaded[1]!.id,
    });
    expect(deleted.json().photos).toEqual([expect.objectContaining({ id: uploaded[0]!.id, is_main: true })]);
    expect(await auditOf('site_profile.photo_upload', profile.id)).toHaveLength(2);
    expect(await auditOf('site_profile.photos', profile.id)).toHaveLength(1);
    expect(await auditOf('site_profile.photo_delete', profile.id)).toHaveLength(1);

    const list = SiteProfileListResponseSchema.parse(
      (await staffCall(t, admin, 'GET', '/api/admin/site-profiles.php')).json(),
    );
    expect(list.profiles.find((p) => p.id === profile.id)?.thumb_url).toBe(deleted.json().photos[0].thumb_filename);
  });
});
