import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { members, profiles } from '../../db/schema/index.js';
import { countryForIp } from '../../platform/geo/index.js';
import { createLocalDiskStorage } from '../../platform/storage/index.js';
import { syncProfileVisibility } from '../directory/directory.repository.js';
import { createSettingsService } from '../settings/settings.service.js';
import { createProfilesService, type ProfilesService } from './profiles.service.js';

let t: TestApp;
let service: ProfilesService;
beforeAll(async () => {
  t = await buildTestApp();
  // The service the moderators' console calls, on the app's database.
  const log = pino({ level: 'silent' });
  const settings = createSettingsService({ db: t.db, log, config: t.config, pushPublicKey: null, countryForIp });
  service = createProfilesService({ db: t.db, settings, storage: createLocalDiskStorage(t.config.dataDir), log });
});
afterAll(async () => t?.close());

async function loggedIn(overrides: Parameters<typeof buildMember>[1] = {}) {
  const built = await buildMember(t.db, overrides);
  return { ...built, cookie: await loginCookie(t.db, built.member.id) };
}

const saveAbout = (cookie: string, about: string) =>
  t.app.inject({ method: 'PUT', url: '/api/profile.php', headers: { ...XHR, cookie }, payload: { about } });
const ownProfile = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/profile.php', headers: { cookie } })).json().profile;
const view = (id: number, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/member.php?id=${id}`, headers: { cookie } });

describe('an about text with contact details', () => {
  it('is held: the member sees it flagged, others keep seeing the old text', async () => {
    const me = await loggedIn({ profile: { about: 'Ik hou van zeilen.' } });
    const viewer = await loggedIn();
    const res = await saveAbout(me.cookie, 'Mail me: jan at gmail dot com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ about: 'Mail me: jan at gmail dot com', about_held: true });
    expect((await view(me.member.id, viewer.cookie)).json().member.about).toBe('Ik hou van zeilen.');

    // A clean text replaces both: it is public at once and nothing waits any more.
    const clean = await saveAbout(me.cookie, 'Ik hou van zeilen en koken.');
    expect(clean.json().profile.about_held).toBeUndefined();
    expect((await view(me.member.id, viewer.cookie)).json().member.about).toBe('Ik hou van zeilen en koken.');
  });

  it('becomes public when staff release it, and is dropped when they reject it', async () => {
    const me = await loggedIn({ profile: { about: 'Oud.' } });
    const viewer = await loggedIn();
    await saveAbout(me.cookie, 'Kijk op www.mijnsite.nl');
    await service.releaseHeldAbout(me.member.id);
    expect((await view(me.member.id, viewer.cookie)).json().member.about).toBe('Kijk op www.mijnsite.nl');
    expect((await ownProfile(me.cookie)).about_held).toBeUndefined();

    await saveAbout(me.cookie, 'Bel 06-12345678');
    await service.rejectHeldAbout(me.member.id);
    expect(await ownProfile(me.cookie)).toMatchObject({ about: 'Kijk op www.mijnsite.nl' });
    expect((await ownProfile(me.cookie)).about_held).toBeUndefined();
    await expect(service.rejectHeldAbout(me.member.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('a (shadow-)banned member', () => {
  // An age no other test in this file uses, so the search sees only these members.
  const born = `${new Date().getUTCFullYear() - 77}-01-01`;
  const ages = 'min_age=76&max_age=77';
  const search = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/members.php?${ages}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().members.map((card: { id: number }) => card.id);
  };

  it('is hidden from search and profile views while the ban holds, and shown again once lifted', async () => {
    const viewer = await loggedIn({ profile: { gender: 'male', birthDate: born } });
    const hidden = await loggedIn({ profile: { birthDate: born } });
    const banned = await loggedIn({ profile: { birthDate: born } });
    const control = await loggedIn({ profile: { birthDate: born } });

    await t.db.update(members).set({ shadowBannedAt: new Date() }).where(eq(members.id, hidden.member.id));
    await t.db.update(members).set({ bannedAt: new Date() }).where(eq(members.id, banned.member.id));
    await syncProfileVisibility(t.db, hidden.member.id);
    await syncProfileVisibility(t.db, banned.member.id);

    const found = await search(viewer.cookie);
    expect(found).toContain(control.member.id);
    expect(found).not.toContain(hidden.member.id);
    expect(found).not.toContain(banned.member.id);
    expect((await view(hidden.member.id, viewer.cookie)).statusCode).toBe(404);
    expect((await view(banned.member.id, viewer.cookie)).statusCode).toBe(404);
    // The shadow-banned member goes on as before: their own profile still loads.
    expect((await ownProfile(hidden.cookie)).id).toBe(hidden.member.id);

    // Lifted through the console, as staff do: the viewer's search page is kept (member-answers)
    // and only a change made through the app forgets it.
    const { cookie } = await staffSession(t, 'admin');
    const lifted = await staffCall(t, cookie, 'POST', '/api/admin/member-status.php', {
      member_id: hidden.member.id,
      action: 'unban',
      reason: 'Onterecht',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await search(viewer.cookie)).toContain(hidden.member.id);
    expect((await view(hidden.member.id, viewer.cookie)).statusCode).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.memberId, banned.member.id));
    expect(row!.status).toBe('disabled');
  });
});
