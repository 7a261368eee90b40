import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchesResponseSchema, SEARCH_PAGE_SIZE, SearchResponseSchema, type ProfileCard } from '@app/shared';
import { buildBlock, buildMember, buildPhoto, buildSite } from '../../../test/factories.js';
import { buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { likes, members, profileInterests, profiles, regions } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type MemberOverrides = NonNullable<Parameters<typeof buildMember>[1]>;
type ProfileOverrides = NonNullable<MemberOverrides['profile']>;

/**
 * Tests share one database, so each search test looks at its own age (min_age = max_age) and
 * builds its members at that age: no test sees another's members.
 */
let nextAge = 20;
function scope() {
  const age = nextAge++;
  const today = new Date();
  // Half a year past the birthday: the age holds all through the test run.
  const born = new Date(
    Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate()) - 182 * 86_400_000,
  );
  return { age, birthDate: born.toISOString().slice(0, 10), ages: `min_age=${age}&max_age=${age}` };
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function loggedIn(overrides: MemberOverrides = {}) {
  const built = await buildMember(t.db, overrides);
  return { ...built, cookie: await loginCookie(t.db, built.member.id) };
}

const get = (url: string, cookie: string | null, options: { host?: string; locale?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(cookie || options.locale
        ? { cookie: [cookie, options.locale && `locale=${options.locale}`].filter(Boolean).join('; ') }
        : {}),
      ...(options.host ? { host: options.host } : {}),
    },
  });

async function searchOk(query: string, cookie: string | null, options: { host?: string } = {}) {
  const res = await get(`/api/members.php?${query}`, cookie, options);
  expect(res.statusCode, res.body).toBe(200);
  return SearchResponseSchema.parse(res.json());
}
const ids = (cards: readonly ProfileCard[]) => cards.map((c) => c.id);

async function regionOf(country: string, skip = 0): Promise<number> {
  const rows = await t.db
    .select({ id: regions.id })
    .from(regions)
    .where(eq(regions.country, country))
    .orderBy(regions.id);
  return rows[skip]!.id;
}

describe('GET /api/members.php filters', () => {
  it('finds by gender, country, region and age, most recently active first', async () => {
    const s = scope();
    const viewer = await loggedIn({ profile: { gender: 'male' } });
    const at = (profile: ProfileOverrides, ago: number) =>
      buildMember(t.db, { profile: { birthDate: s.birthDate, lastActiveAt: minutesAgo(ago), ...profile } });
    const utrecht = await regionOf('NL', 0);
    const woman = await at({ gender: 'female', regionId: utrecht }, 10);
    const womanEarlier = await at({ gender: 'female' }, 60);
    const man = await at({ gender: 'male' }, 5);
    const belgian = await at({ gender: 'female', country: 'BE' }, 1);
    await buildMember(t.db, { profile: { gender: 'female', birthDate: '1950-01-01' } });

    const women = await searchOk(`gender=female&country=NL&${s.ages}`, viewer.cookie);
    expect(ids(women.members)).toEqual([woman.member.id, womanEarlier.member.id]);
    expect(women.next).toBeNull();
    expect(ids((await searchOk(`gender=male&country=NL&${s.ages}`, viewer.cookie)).members)).toEqual([man.member.id]);
    expect(ids((await searchOk(`gender=female&country=be&${s.ages}`, viewer.cookie)).members)).toEqual([
      belgian.member.id,
    ]);
    const inRegion = await searchOk(`gender=female&country=NL&countryregion=${utrecht}&${s.ages}`, viewer.cookie);
    expect(ids(inRegion.members)).toEqual([woman.member.id]);
    expect(inRegion.members[0]).toMatchObject({ age: s.age, region_id: utrecht, online: false, recently_active: true });
  });

  it('defaults to the genders the member seeks and their own country', async () => {
    const s = scope();
    const viewer = await loggedIn({ profile: { gender: 'female', sexuality: 'hetero', country: 'IE' } });
    const man = await buildMember(t.db, { profile: { gender: 'male', country: 'IE', birthDate: s.birthDate } });
    await buildMember(t.db, { profile: { gender: 'female', country: 'IE', birthDate: s.birthDate } });
    await buildMember(t.db, { profile: { gender: 'male', country: 'NL', birthDate: s.birthDate } });
    expect(ids((await searchOk(s.ages, viewer.cookie)).members)).toEqual([man.member.id]);

    const bi = await loggedIn({ profile: { gender: 'female', sexuality: 'bi', country: 'IE' } });
    expect((await searchOk(s.ages, bi.cookie)).members).toHaveLength(2);
  });

  it('ignores the filters the site does not offer', async () => {
    const s = scope();
    const domain = await buildSite(t.db, { search_fields: ['min_age', 'max_age'] });
    const viewer = await loggedIn({ profile: { gender: 'male', sexuality: 'hetero' } });
    const woman = await buildMember(t.db, { profile: { gender: 'female', birthDate: s.birthDate } });
    await buildMember(t.db, { profile: { gender: 'male', birthDate: s.birthDate } });
    const found = await searchOk(`gender=male&country=BE&countryregion=999999&${s.ages}`, viewer.cookie, {
      host: domain,
    });
    expect(ids(found.members)).toEqual([woman.member.id]);
  });
});

describe('GET /api/members.php paging', () => {
  it('pages through every result once with the cursor, in order, also across equal activity times', async () => {
    const s = scope();
    const viewer = await loggedIn({ profile: { gender: 'male' } });
    const same = minutesAgo(30);
    const built: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const m = await buildMember(t.db, {
        profile: { birthDate: s.birthDate, lastActiveAt: i < 5 ? same : minutesAgo(40 + i) },
      });
      built.push(m.member.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await searchOk(
        `gender=female&${s.ages}&numResults=3${cursor ? `&cursor=${cursor}` : ''}`,
        viewer.cookie,
      );
      expect(page.members.length).toBeLessThanOrEqual(3);
      if (pages > 0) expect(page.similar).toEqual([]);
      seen.push(...ids(page.members));
      cursor = page.next;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(11);
    // Same activity: higher id first; then the more recently active.
    const expected = [...built.slice(0, 5).sort((a, b) => b - a), ...built.slice(5)];
    expect(seen).toEqual(expected);
  });

  it('uses pages of 24 by default and refuses a page size above 48 and a forged cursor', async () => {
    const viewer = await loggedIn();
    const s = scope();
    const first = await searchOk(s.ages, viewer.cookie);
    expect(first.members.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE);
    expect((await get(`/api/members.php?numResults=49`, viewer.cookie)).statusCode).toBe(400);
    const forged = await get(`/api/members.php?cursor=${Buffer.from('x|1').toString('base64url')}`, viewer.cookie);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: 'validation_failed', fields: { cursor: expect.any(String) } });
  });
});

describe('GET /api/members.php similar results', () => {
  it('relaxes region, then age, then country, never repeating a result', async () => {
    const s = scope();
    const older = scope();
    const viewer = await loggedIn({ profile: { gender: 'male' } });
    const region = await regionOf('NL', 1);
    const exact = await buildMember(t.db, { profile: { birthDate: s.birthDate, regionId: region } });
    const otherRegion = await buildMember(t.db, { profile: { birthDate: s.birthDate, lastActiveAt: minutesAgo(1) } });
    const olderOne = await buildMember(t.db, { profile: { birthDate: older.birthDate } });
    const belgian = await buildMember(t.db, { profile: { birthDate: s.birthDate, country: 'BE' } });

    const res = await searchOk(
      `gender=female&country=NL&countryregion=${region}&${s.ages}&numResults=48`,
      viewer.cookie,
    );
    expect(ids(res.members)).toEqual([exact.member.id]);
    const similar = ids(res.similar);
    expect(similar).not.toContain(exact.member.id);
    expect(new Set(similar).size).toBe(similar.length);
    // The order of the steps shows in the order of the results.
    expect(similar.indexOf(otherRegion.member.id)).toBeGreaterThanOrEqual(0);
    expect(similar.indexOf(olderOne.member.id)).toBeGreaterThan(similar.indexOf(otherRegion.member.id));
    expect(similar.indexOf(belgian.member.id)).toBeGreaterThan(similar.indexOf(olderOne.member.id));
  });

  it('gives no similar results when the first page is full', async () => {
    const s = scope();
    const viewer = await loggedIn({ profile: { gender: 'male' } });
    for (let i = 0; i < 2; i += 1) await buildMember(t.db, { profile: { birthDate: s.birthDate } });
    const res = await searchOk(`gender=female&${s.ages}&numResults=2`, viewer.cookie);
    expect(res.members).toHaveLength(2);
    expect(res.similar).toEqual([]);
  });
});

describe('GET /api/members.php exclusions', () => {
  it('never lists the viewer, invisible, deleted, disabled, unconfirmed or blocked members, not even as similar', async () => {
    const s = scope();
    const viewer = await loggedIn({ profile: { gender: 'female', sexuality: 'bi', birthDate: s.birthDate } });
    const at = (overrides: MemberOverrides = {}) =>
      buildMember(t.db, { ...overrides, profile: { birthDate: s.birthDate, ...overrides.profile } });
    const visible = await at();
    await at({ member: { invisible: true } });
    await at({ member: { deletedAt: new Date() } });
    await at({ profile: { status: 'disabled' } });
    await at({ member: { status: 'not_confirmed' }, profile: { status: 'disabled' } });
    const blockedByViewer = await at();
    const blockedViewer = await at();
    await buildBlock(t.db, viewer.member.id, blockedByViewer.member.id);
    await buildBlock(t.db, blockedViewer.member.id, viewer.member.id);

    const res = await searchOk(`country=NL&${s.ages}`, viewer.cookie);
    expect(ids(res.members)).toEqual([visible.member.id]);
    const all = [...ids(res.members), ...ids(res.similar)];
    for (const hidden of [viewer.member.id, blockedByViewer.member.id, blockedViewer.member.id]) {
      expect(all).not.toContain(hidden);
    }
    const hiddenRows = await t.db.select({ id: members.id }).from(members).where(eq(members.invisible, true));
    for (const row of hiddenRows) expect(all).not.toContain(row.id);
  });
});

describe('GET /api/members.php for visitors', () => {
  it('lets visitors search both genders of the first country when the site allows it', async () => {
    const s = scope();
    const woman = await buildMember(t.db, { profile: { gender: 'female', birthDate: s.birthDate } });
    const man = await buildMember(t.db, { profile: { gender: 'male', birthDate: s.birthDate } });
    await buildMember(t.db, { profile: { gender: 'male', birthDate: s.birthDate, country: 'BE' } });
    const res = await searchOk(s.ages, null);
    expect(ids(res.members).sort()).toEqual([woman.member.id, man.member.id].sort());
  });

  it('asks visitors to sign up unless a traffic source opens the search', async () => {
    const closed = await buildSite(t.db, { logged_out_search: false, logged_out_search_trafficsource: false });
    const res = await get('/api/members.php', null, { host: closed, locale: 'nl' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'authentication_required' });

    const withSource = await buildSite(t.db, { logged_out_search: false, logged_out_search_trafficsource: true });
    expect((await get('/api/members.php', null, { host: withSource })).statusCode).toBe(403);
    expect((await get('/api/members.php?network=ads', null, { host: withSource })).statusCode).toBe(200);
    const member = await loggedIn();
    expect((await get('/api/members.php', member.cookie, { host: closed })).statusCode).toBe(200);
  });
});

describe('GET /api/members.php validation', () => {
  it('answers field errors with translated texts and changes nothing', async () => {
    const viewer = await loggedIn();
    const beRegion = await regionOf('BE');
    const bad = async (query: string) => {
      const res = await get(`/api/members.php?${query}`, viewer.cookie, { locale: 'nl' });
      expect(res.statusCode).toBe(400);
      return res.json() as { error: string; fields: Record<string, string> };
    };
    expect(await bad('min_age=40&max_age=30')).toMatchObject({
      error: 'validation_failed',
      fields: { min_age: 'De minimumleeftijd mag niet hoger zijn dan de maximumleeftijd.' },
    });
    expect((await bad('min_age=17')).fields.min_age).toBe('De waarde moet minstens 18 zijn.');
    expect((await bad('max_age=100')).fields.max_age).toMatch(/99/);
    expect((await bad('country=JP')).fields.country).toBe('Dit land is op deze site niet beschikbaar.');
    expect((await bad(`country=NL&countryregion=${beRegion}`)).fields.countryregion).toBe(
      'Deze regio hoort niet bij het gekozen land.',
    );
    expect((await bad('min_age=abc')).fields.min_age).toBeTruthy();
    expect((await get(`/api/members.php?country=BE&countryregion=${beRegion}`, viewer.cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/match-finder.php', () => {
  it('suggests only members compatible both ways, best first, with reasons, leaving out liked ones', async () => {
    const region = await regionOf('AU', 0);
    const viewer = await loggedIn({
      profile: { gender: 'male', sexuality: 'hetero', country: 'AU', regionId: region, birthDate: '1990-06-01' },
    });
    const [hiking, wine, music] = [1, 2, 3];
    await t.db
      .insert(profileInterests)
      .values([hiking, wine, music].map((interestId) => ({ memberId: viewer.member.id, interestId })));
    const at = (profile: ProfileOverrides) =>
      buildMember(t.db, {
        profile: { country: 'AU', birthDate: '1991-01-01', lastActiveAt: minutesAgo(60 * 48), ...profile },
      });

    const best = await at({ gender: 'female', sexuality: 'hetero', regionId: region, lastActiveAt: minutesAgo(1) });
    await t.db
      .insert(profileInterests)
      .values([hiking, wine].map((interestId) => ({ memberId: best.member.id, interestId })));
    await buildPhoto(t.db, best.member.id);
    const plain = await at({ gender: 'female', sexuality: 'bi', birthDate: '1970-01-01' });
    const lesbian = await at({ gender: 'female', sexuality: 'lesbian' });
    const man = await at({ gender: 'male', sexuality: 'gay' });
    const liked = await at({ gender: 'female', sexuality: 'hetero' });
    await t.db.insert(likes).values({ likerId: viewer.member.id, likedId: liked.member.id });
    const invisible = await at({ gender: 'female', sexuality: 'hetero' });
    await t.db.update(members).set({ invisible: true }).where(eq(members.id, invisible.member.id));

    const res = await get('/api/match-finder.php', viewer.cookie);
    expect(res.statusCode).toBe(200);
    const found = MatchesResponseSchema.parse(res.json()).members;
    expect(ids(found)).toEqual([best.member.id, plain.member.id]);
    expect(found[0]!.reasons).toEqual([{ code: 'interests', count: 2 }, { code: 'same_region' }, { code: 'age' }]);
    expect(found[1]!.reasons).toEqual([{ code: 'same_country' }]);
    for (const other of [lesbian, man, liked, invisible]) expect(ids(found)).not.toContain(other.member.id);
  });

  it('works the other way round for a gay man', async () => {
    const viewer = await loggedIn({ profile: { gender: 'male', sexuality: 'gay', country: 'NZ' } });
    const gay = await buildMember(t.db, { profile: { gender: 'male', sexuality: 'gay', country: 'NZ' } });
    const bi = await buildMember(t.db, { profile: { gender: 'male', sexuality: 'bi', country: 'NZ' } });
    await buildMember(t.db, { profile: { gender: 'male', sexuality: 'hetero', country: 'NZ' } });
    await buildMember(t.db, { profile: { gender: 'female', sexuality: 'bi', country: 'NZ' } });
    const found = MatchesResponseSchema.parse((await get('/api/match-finder.php', viewer.cookie)).json()).members;
    expect(ids(found).sort()).toEqual([gay.member.id, bi.member.id].sort());
  });

  it('is for members only', async () => {
    expect((await get('/api/match-finder.php', null)).statusCode).toBe(403);
    expect((await get('/api/signup-matches.php', null)).statusCode).toBe(403);
  });
});

describe('GET /api/signup-matches.php', () => {
  it('favours members with a photo who are online, up to 12', async () => {
    const viewer = await loggedIn({
      profile: { gender: 'female', sexuality: 'hetero', country: 'CA', birthDate: '1995-01-01' },
    });
    const at = (profile: ProfileOverrides) =>
      buildMember(t.db, { profile: { gender: 'male', country: 'CA', birthDate: '1995-01-01', ...profile } });
    const onlineWithPhoto = await at({ lastActiveAt: minutesAgo(1) });
    await buildPhoto(t.db, onlineWithPhoto.member.id);
    const offlineWithPhoto = await at({ lastActiveAt: minutesAgo(60 * 48) });
    await buildPhoto(t.db, offlineWithPhoto.member.id);
    const onlineNoPhoto = await at({ lastActiveAt: minutesAgo(2) });
    const offline = await at({ lastActiveAt: minutesAgo(60 * 48) });
    for (let i = 0; i < 12; i += 1) await at({ birthDate: '1960-01-01', lastActiveAt: minutesAgo(60 * 72) });

    const res = await get('/api/signup-matches.php', viewer.cookie);
    expect(res.statusCode).toBe(200);
    const found = MatchesResponseSchema.parse(res.json()).members;
    expect(found).toHaveLength(12);
    expect(ids(found).slice(0, 4)).toEqual([
      onlineWithPhoto.member.id,
      onlineNoPhoto.member.id,
      offlineWithPhoto.member.id,
      offline.member.id,
    ]);
    expect(found[0]!.reasons).toEqual([{ code: 'age' }, { code: 'online' }, { code: 'photo' }]);
    expect(found[0]!.thumb).toMatch(/^http|^\//);
    await t.db.update(profiles).set({ status: 'active' }).where(eq(profiles.memberId, viewer.member.id));
  });
});
