import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlockResponseSchema,
  BlocksResponseSchema,
  FREE_VIEWER_PHOTOS,
  MemberResponseSchema,
  RELATED_PROFILES_LIMIT,
} from '@app/shared';
import { buildBlock, buildMember, buildPhoto, buildSite } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { blocks, members, profiles } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type MemberOverrides = Parameters<typeof buildMember>[1];

async function loggedIn(overrides: MemberOverrides = {}) {
  const built = await buildMember(t.db, overrides);
  return { ...built, cookie: await loginCookie(t.db, built.member.id) };
}

const viewUrl = (id: number | string, query = '') => `/api/member.php?id=${id}${query}`;
const view = (cookie: string | null, id: number | string, options: { host?: string; query?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url: viewUrl(id, options.query),
    headers: { ...(cookie ? { cookie } : {}), ...(options.host ? { host: options.host } : {}) },
  });
const memberOf = (res: { json(): unknown }) => MemberResponseSchema.parse(res.json()).member;

const blockCall = (method: 'POST' | 'DELETE', cookie: string, id: unknown, locale = 'nl') =>
  t.app.inject({
    method,
    url: '/api/block.php',
    payload: { id },
    headers: { ...XHR, cookie: `${cookie}; locale=${locale}` },
  });

const male = (profile: NonNullable<MemberOverrides>['profile'] = {}): MemberOverrides => ({
  profile: { gender: 'male', ...profile },
});

/** Four photos with the picture at position 2: a free viewer must still get it. */
async function memberWithFourPhotos() {
  const m = await buildMember(t.db, male());
  const rows = [];
  for (const position of [0, 1, 2, 3]) {
    rows.push(await buildPhoto(t.db, m.member.id, { position, isMain: position === 2 }));
  }
  return { ...m, photos: rows };
}

describe('GET /api/member.php', () => {
  it('shows a free viewer the card, details and the first photos (the picture first), counting the rest as locked', async () => {
    const viewer = await loggedIn();
    const m = await memberWithFourPhotos();
    await t.db
      .update(profiles)
      .set({ about: 'Hoi!', hairColor: 'brown', city: 'Utrecht', birthDate: '1988-03-04' })
      .where(eq(profiles.memberId, m.member.id));

    const res = await view(viewer.cookie, m.member.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const member = memberOf(res);
    expect(member).toMatchObject({
      id: m.member.id,
      name: m.profile.name,
      gender: 'male',
      sexuality: 'hetero',
      about: 'Hoi!',
      city: 'Utrecht',
      country: 'NL',
      region_id: null,
      hair_color: 'brown',
      eye_color: null,
      interests: [],
      fictional: false,
      blocked_by_me: false,
      locked_photos: 4 - FREE_VIEWER_PHOTOS,
    });
    expect(member.age).toBeGreaterThanOrEqual(37);
    const [main, first, second, third] = [m.photos[2]!, m.photos[0]!, m.photos[1]!, m.photos[3]!];
    expect(member.photos.map((p) => p.id)).toEqual([main.id, first.id]);
    expect(member.photos[0]).toMatchObject({ is_main: true, thumb_filename: `/media/${main.thumbFilename}` });
    expect(member.thumb).toBe(`/media/${main.thumbFilename}`);
    expect(member.match).toBe(`/media/${main.matchFilename}`);
    // No trace of the locked photos anywhere in the answer.
    for (const locked of [second, third]) {
      for (const key of [locked.filename, locked.thumbFilename, locked.matchFilename])
        expect(res.body).not.toContain(key);
      expect(res.body).not.toContain(`"id":${locked.id},"position"`);
    }
    // Neither the birth date nor the e-mail address leaves.
    expect(res.body).not.toContain('birth');
    expect(res.body).not.toContain(m.member.email);
  });

  it('shows a paid viewer every photo', async () => {
    const viewer = await loggedIn({ member: { paidUser: true } });
    const m = await memberWithFourPhotos();
    const member = memberOf(await view(viewer.cookie, m.member.id));
    expect(member.photos).toHaveLength(4);
    expect(member.locked_photos).toBe(0);
    expect(member.photos[0]!.id).toBe(m.photos[2]!.id);
  });

  it('answers a member without photos with null pictures', async () => {
    const viewer = await loggedIn();
    const m = await buildMember(t.db, male());
    const member = memberOf(await view(viewer.cookie, m.member.id));
    expect(member).toMatchObject({ photos: [], locked_photos: 0, thumb: null, match: null });
  });

  it('answers your own id as others see you, all photos, even invisible or disabled', async () => {
    const me = await loggedIn({ member: { invisible: true }, profile: { status: 'disabled', gender: 'male' } });
    for (const position of [0, 1, 2]) await buildPhoto(t.db, me.member.id, { position, isMain: position === 0 });
    const res = await view(me.cookie, me.member.id);
    expect(res.statusCode).toBe(200);
    expect(memberOf(res)).toMatchObject({ id: me.member.id, locked_photos: 0, blocked_by_me: false });
    expect(memberOf(res).photos).toHaveLength(3);
    expect(memberOf(res).related.map((c) => c.id)).not.toContain(me.member.id);
  });

  it('answers the same 404 for unknown, deleted, disabled, invisible and blocking members', async () => {
    const viewer = await loggedIn();
    const deleted = await buildMember(t.db, male({}));
    await t.db.update(members).set({ deletedAt: new Date() }).where(eq(members.id, deleted.member.id));
    const disabled = await buildMember(t.db, male({ status: 'disabled' }));
    const unconfirmed = await buildMember(t.db, {
      member: { status: 'not_confirmed' },
      profile: { status: 'disabled' },
    });
    const invisible = await buildMember(t.db, { member: { invisible: true } });
    const blocker = await buildMember(t.db, male());
    await buildBlock(t.db, blocker.member.id, viewer.member.id);

    const unknown = await view(viewer.cookie, 999_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    for (const hidden of [deleted, disabled, unconfirmed, invisible, blocker]) {
      const res = await view(viewer.cookie, hidden.member.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
  });

  it('lets the blocker still see whom they blocked, marked; the blocked member sees 404 until unblocked', async () => {
    const me = await loggedIn();
    const other = await loggedIn(male());
    expect((await blockCall('POST', me.cookie, other.member.id)).statusCode).toBe(200);

    const mine = await view(me.cookie, other.member.id);
    expect(mine.statusCode).toBe(200);
    expect(memberOf(mine).blocked_by_me).toBe(true);
    expect((await view(other.cookie, me.member.id)).statusCode).toBe(404);

    expect((await blockCall('DELETE', me.cookie, other.member.id)).statusCode).toBe(200);
    expect(memberOf(await view(me.cookie, other.member.id)).blocked_by_me).toBe(false);
    expect((await view(other.cookie, me.member.id)).statusCode).toBe(200);
  });

  it('marks fictional profiles and tells online and recently active apart', async () => {
    const viewer = await loggedIn();
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    const fictional = await buildMember(t.db, {
      member: { fictional: true },
      profile: { lastActiveAt: minutesAgo(1) },
    });
    const earlier = await buildMember(t.db, { profile: { lastActiveAt: minutesAgo(30) } });
    const gone = await buildMember(t.db, { profile: { lastActiveAt: minutesAgo(3 * 24 * 60) } });

    expect(memberOf(await view(viewer.cookie, fictional.member.id))).toMatchObject({
      fictional: true,
      online: true,
      recently_active: true,
    });
    expect(memberOf(await view(viewer.cookie, earlier.member.id))).toMatchObject({
      fictional: false,
      online: false,
      recently_active: true,
    });
    expect(memberOf(await view(viewer.cookie, gone.member.id))).toMatchObject({
      online: false,
      recently_active: false,
    });
  });

  it('refuses an id that is not a positive whole number', async () => {
    const viewer = await loggedIn();
    for (const id of ['abc', '0', '-3', '1.5', '', '1e3']) {
      const res = await view(viewer.cookie, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/member.php', headers: { cookie: viewer.cookie } });
    expect(missing.statusCode).toBe(400);
  });
});

describe('GET /api/member.php for visitors', () => {
  it('lets a visitor look when logged-out search is open, as a free viewer', async () => {
    const m = await memberWithFourPhotos();
    const domain = await buildSite(t.db, { logged_out_search: true, logged_out_search_trafficsource: false });
    const res = await view(null, m.member.id, { host: domain });
    expect(res.statusCode).toBe(200);
    expect(memberOf(res)).toMatchObject({ blocked_by_me: false, locked_photos: 4 - FREE_VIEWER_PHOTOS });
    expect(memberOf(res).photos).toHaveLength(FREE_VIEWER_PHOTOS);
  });

  it('asks a visitor to log in when logged-out search is closed', async () => {
    const m = await buildMember(t.db);
    const domain = await buildSite(t.db, { logged_out_search: false, logged_out_search_trafficsource: false });
    for (const query of ['', '&ref=partner']) {
      const res = await view(null, m.member.id, { host: domain, query });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'authentication_required' });
    }
  });

  it('lets a visitor with a traffic source look when logged-out search needs one', async () => {
    const m = await buildMember(t.db);
    const domain = await buildSite(t.db, { logged_out_search: false, logged_out_search_trafficsource: true });
    expect((await view(null, m.member.id, { host: domain })).statusCode).toBe(403);
    expect((await view(null, m.member.id, { host: domain, query: '&ref=' })).statusCode).toBe(403);
    expect((await view(null, m.member.id, { host: domain, query: '&network=ads&sub1=x' })).statusCode).toBe(200);
    // Whatever the settings, a logged-in member may always look.
    const viewer = await loggedIn();
    const closed = await buildSite(t.db, { logged_out_search: false, logged_out_search_trafficsource: false });
    expect((await view(viewer.cookie, m.member.id, { host: closed })).statusCode).toBe(200);
  });

  it('never answers a hidden member to a visitor either', async () => {
    const invisible = await buildMember(t.db, { member: { invisible: true } });
    expect((await view(null, invisible.member.id)).statusCode).toBe(404);
  });
});

describe('related profiles', () => {
  it('lists active, visible members of the sought gender, country and age, without blocked pairs, best first', async () => {
    // Every member of this test lives in AT, so other tests' members never show up.
    const at = (
      profile: NonNullable<MemberOverrides>['profile'] = {},
      member: NonNullable<MemberOverrides>['member'] = {},
    ) => buildMember(t.db, { member, profile: { country: 'AT', gender: 'male', birthDate: '1985-06-01', ...profile } });
    const viewer = await loggedIn({ profile: { country: 'NL', gender: 'female', sexuality: 'hetero' } });
    const viewed = await at();

    const withPhoto = await at({ birthDate: '1987-01-01' });
    await buildPhoto(t.db, withPhoto.member.id);
    const closeAge = await at({ birthDate: '1985-07-01' });
    const fartherAge = await at({ birthDate: '1982-01-01' });
    const fictional = await at({ birthDate: '1990-01-01' }, { fictional: true });
    const asleep = await at({ birthDate: '1985-06-02', lastActiveAt: new Date(Date.now() - 7 * 24 * 3_600_000) });

    const excluded = [
      await at({ gender: 'female' }),
      await at({ birthDate: '1950-01-01' }),
      await at({ country: 'DE' }),
      await at({ status: 'disabled' }),
      await at({}, { invisible: true }),
      await at({}, { deletedAt: new Date() }),
    ];
    const iBlocked = await at();
    await buildBlock(t.db, viewer.member.id, iBlocked.member.id);
    const blockedMe = await at();
    await buildBlock(t.db, blockedMe.member.id, viewer.member.id);

    const { related } = memberOf(await view(viewer.cookie, viewed.member.id));
    expect(related.map((c) => c.id)).toEqual([
      withPhoto.member.id,
      closeAge.member.id,
      fartherAge.member.id,
      fictional.member.id,
      asleep.member.id,
    ]);
    const ids = related.map((c) => c.id);
    for (const other of [...excluded, iBlocked, blockedMe, viewed]) expect(ids).not.toContain(other.member.id);
    expect(related[0]!.thumb).toMatch(/^\/media\//);
    expect(related.find((c) => c.id === fictional.member.id)!.fictional).toBe(true);
    expect(JSON.stringify(related)).not.toContain('birth');
  });

  it('never lists the viewer, follows the viewer sexuality and keeps to the limit', async () => {
    const ch = (gender: 'male' | 'female') =>
      buildMember(t.db, { profile: { country: 'CH', gender, birthDate: '1992-02-02' } });
    const viewer = await loggedIn({
      profile: { country: 'CH', gender: 'male', sexuality: 'gay', birthDate: '1992-02-02' },
    });
    const viewed = await ch('male');
    const women = [await ch('female'), await ch('female')];
    const men = [];
    for (let i = 0; i < RELATED_PROFILES_LIMIT + 2; i += 1) men.push(await ch('male'));

    const { related } = memberOf(await view(viewer.cookie, viewed.member.id));
    expect(related).toHaveLength(RELATED_PROFILES_LIMIT);
    const ids = related.map((c) => c.id);
    expect(ids).not.toContain(viewer.member.id);
    expect(ids).not.toContain(viewed.member.id);
    for (const w of women) expect(ids).not.toContain(w.member.id);

    const bi = await loggedIn({ profile: { country: 'CH', gender: 'female', sexuality: 'bi' } });
    const biIds = memberOf(await view(bi.cookie, viewed.member.id)).related.map((c) => c.id);
    expect(biIds).toHaveLength(RELATED_PROFILES_LIMIT);
    expect(biIds).toEqual([...biIds].sort((a, b) => a - b));
  });

  it('shows a visitor members like the viewed one', async () => {
    const viewed = await buildMember(t.db, { profile: { country: 'IE', gender: 'female', birthDate: '1975-01-01' } });
    const alike = await buildMember(t.db, { profile: { country: 'IE', gender: 'female', birthDate: '1976-01-01' } });
    const other = await buildMember(t.db, { profile: { country: 'IE', gender: 'male', birthDate: '1976-01-01' } });
    const ids = memberOf(await view(null, viewed.member.id)).related.map((c) => c.id);
    expect(ids).toContain(alike.member.id);
    expect(ids).not.toContain(other.member.id);
  });
});

describe('POST and DELETE /api/block.php, GET /api/blocks.php', () => {
  it('blocks idempotently, lists the blocked members newest first, and unblocks idempotently', async () => {
    const me = await loggedIn();
    const first = await buildMember(t.db, male());
    const second = await buildMember(t.db, { member: { fictional: true } });
    await buildPhoto(t.db, second.member.id);

    for (let i = 0; i < 2; i += 1) {
      const res = await blockCall('POST', me.cookie, first.member.id);
      expect(res.statusCode).toBe(200);
      expect(BlockResponseSchema.parse(res.json())).toEqual({ blocked: true });
    }
    await t.db
      .update(blocks)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(blocks.blockerId, me.member.id));
    await blockCall('POST', me.cookie, second.member.id);
    const rows = await t.db.select().from(blocks).where(eq(blocks.blockerId, me.member.id));
    expect(rows).toHaveLength(2);

    const list = await t.app.inject({ method: 'GET', url: '/api/blocks.php', headers: { cookie: me.cookie } });
    expect(list.statusCode).toBe(200);
    const listed = BlocksResponseSchema.parse(list.json()).members;
    expect(listed.map((c) => c.id)).toEqual([second.member.id, first.member.id]);
    expect(listed[0]).toMatchObject({ fictional: true, name: second.profile.name });
    expect(listed[0]!.thumb).toMatch(/^\/media\//);

    for (let i = 0; i < 2; i += 1) {
      const res = await blockCall('DELETE', me.cookie, first.member.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ blocked: false });
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/blocks.php', headers: { cookie: me.cookie } });
    expect(BlocksResponseSchema.parse(after.json()).members.map((c) => c.id)).toEqual([second.member.id]);
  });

  it('refuses to block yourself, with a translated message', async () => {
    const me = await loggedIn();
    const nl = await blockCall('POST', me.cookie, me.member.id, 'nl');
    expect(nl.statusCode).toBe(400);
    expect(nl.json()).toEqual({ error: 'cannot_block_self', message: 'Je kunt jezelf niet blokkeren.' });
    const en = await blockCall('POST', me.cookie, me.member.id, 'en');
    expect(en.json()).toMatchObject({ message: 'You cannot block yourself.' });
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, me.member.id))).toHaveLength(0);
  });

  it('answers 404 for members that cannot be found, but lets you block back who blocked you', async () => {
    const me = await loggedIn();
    const invisible = await buildMember(t.db, { member: { invisible: true } });
    expect((await blockCall('POST', me.cookie, 999_999_999)).statusCode).toBe(404);
    expect((await blockCall('POST', me.cookie, invisible.member.id)).statusCode).toBe(404);

    const blocker = await buildMember(t.db, male());
    await buildBlock(t.db, blocker.member.id, me.member.id);
    expect((await blockCall('POST', me.cookie, blocker.member.id)).statusCode).toBe(200);
    const both = await t.db
      .select()
      .from(blocks)
      .where(and(eq(blocks.blockerId, me.member.id), eq(blocks.blockedId, blocker.member.id)));
    expect(both).toHaveLength(1);
  });

  it('needs a logged-in member, the request-type header and a valid id', async () => {
    const me = await loggedIn();
    const other = await buildMember(t.db);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      payload: { id: other.member.id },
      headers: XHR,
    });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json()).toMatchObject({ error: 'authentication_required' });
    const list = await t.app.inject({ method: 'GET', url: '/api/blocks.php' });
    expect(list.statusCode).toBe(403);

    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      payload: { id: other.member.id },
      headers: { cookie: me.cookie },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toMatchObject({ error: 'request_type_required' });

    for (const id of ['abc', 0, -1, 1.5, null]) {
      const res = await blockCall('POST', me.cookie, id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, me.member.id))).toHaveLength(0);
  });
});

describe('last activity', () => {
  const lastActive = async (id: number) =>
    (await t.db.select({ at: profiles.lastActiveAt }).from(profiles).where(eq(profiles.memberId, id)))[0]!.at;

  it('is noted on authenticated requests, at most once per few minutes', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const me = await loggedIn({ profile: { lastActiveAt: hourAgo } });
    const other = await buildMember(t.db, { profile: { lastActiveAt: hourAgo } });

    const before = Date.now();
    await view(me.cookie, other.member.id);
    const noted = await lastActive(me.member.id);
    expect(noted.getTime()).toBeGreaterThanOrEqual(before - 1_000);

    const minuteAgo = new Date(Date.now() - 60_000);
    await t.db.update(profiles).set({ lastActiveAt: minuteAgo }).where(eq(profiles.memberId, me.member.id));
    await view(me.cookie, other.member.id);
    expect((await lastActive(me.member.id)).getTime()).toBe(minuteAgo.getTime());

    // Looking at a profile does not make its owner active.
    expect((await lastActive(other.member.id)).getTime()).toBe(hourAgo.getTime());
  });
});
