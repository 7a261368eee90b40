import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponseSchema } from '@app/shared';
import { buildMember, buildPhoto } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { members } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/user.php', () => {
  it('answers user null for a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: XHR });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers user null for an unknown or malformed session cookie', async () => {
    for (const cookie of ['sid=' + 'x'.repeat(43), 'sid=short', 'sid=']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } });
      expect(res.json()).toEqual({ user: null });
    }
  });

  it('answers the member of the session, without the password hash or e-mail', async () => {
    const { member, profile } = await buildMember(t.db, {
      member: { credits: 25, paidUser: true, language: 'de', notificationsDisabled: ['bounce', 'bogus'] },
      profile: { name: 'Sanne', country: 'BE' },
    });
    const photo = await buildPhoto(t.db, member.id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { cookie: await loginCookie(t.db, member.id) },
    });
    expect(res.statusCode).toBe(200);
    const { user } = UserResponseSchema.parse(res.json());
    expect(user).toEqual({
      status: 'confirmed',
      credits: 25,
      paid_user: true,
      signup_date: member.signupDate.toISOString(),
      language: 'de',
      fictional_icon: 'fictional',
      notifications_disabled: ['bounce'],
      verification_notice: null,
      profile: {
        id: member.id,
        name: profile.name,
        country: 'BE',
        status: 'active',
        main_image: {
          filename: `/media/${photo.filename}`,
          thumb_filename: `/media/${photo.thumbFilename}`,
          match: `/media/${photo.matchFilename}`,
        },
      },
    });
    expect(res.body).not.toContain(member.email);
    expect(res.body).not.toContain('not-a-real-hash');
  });

  it('answers main_image null for a member without photos', async () => {
    const { member } = await buildMember(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { cookie: await loginCookie(t.db, member.id) },
    });
    expect(res.json().user.profile.main_image).toBeNull();
  });

  it('shows the photo marked main, else the first by position', async () => {
    const mainImage = async (memberId: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user.php',
          headers: { cookie: await loginCookie(t.db, memberId) },
        })
      ).json().user.profile.main_image.filename;
    const { member: unmarked } = await buildMember(t.db);
    await buildPhoto(t.db, unmarked.id, { position: 1, isMain: false });
    const first = await buildPhoto(t.db, unmarked.id, { position: 0, isMain: false });
    expect(await mainImage(unmarked.id)).toBe(`/media/${first.filename}`);
    const { member: marked } = await buildMember(t.db);
    const second = await buildPhoto(t.db, marked.id, { position: 1, isMain: true });
    await buildPhoto(t.db, marked.id, { position: 0, isMain: false });
    expect(await mainImage(marked.id)).toBe(`/media/${second.filename}`);
  });

  it('treats the session of a deleted account as a visitor', async () => {
    const { member } = await buildMember(t.db, { member: { deletedAt: new Date() } });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { cookie: await loginCookie(t.db, member.id) },
    });
    expect(res.json()).toEqual({ user: null });
  });
});

describe('PUT /api/user.php', () => {
  it("saves the member's language and answers the user", async () => {
    const { member } = await buildMember(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { ...XHR, cookie: await loginCookie(t.db, member.id) },
      payload: { language: 'fr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.language).toBe('fr');
    const [row] = await t.db.select({ language: members.language }).from(members).where(eq(members.id, member.id));
    expect(row!.language).toBe('fr');
  });

  it('refuses a visitor with 403 authentication_required', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/user.php', headers: XHR, payload: { language: 'fr' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'authentication_required' });
  });

  it('refuses a call without the request-type header with 403 request_type_required', async () => {
    const { member } = await buildMember(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { cookie: await loginCookie(t.db, member.id) },
      payload: { language: 'fr' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'request_type_required' });
  });

  it('answers 400 validation_failed with a message for the field', async () => {
    const { member } = await buildMember(t.db);
    const cookie = await loginCookie(t.db, member.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { ...XHR, cookie },
      payload: { language: 'xx' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      message: 'Controleer de ingevulde gegevens.',
      fields: { language: 'Kies een van de aangeboden mogelijkheden.' },
    });
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { ...XHR, cookie: `${cookie}; locale=en` },
      payload: {},
    });
    expect(missing.json().fields).toEqual({ language: 'This field is required.' });
  });
});
