import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT, PROFILE_ABOUT_MAX_LENGTH, ProfileResponseSchema } from '@app/shared';
import { buildMember, buildPhoto, buildSite } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { interests, profileInterests, profiles, regions } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function regionId(code: string): Promise<number> {
  const [row] = await t.db.select({ id: regions.id }).from(regions).where(eq(regions.code, code));
  return row!.id;
}

async function interestIds(): Promise<number[]> {
  return (await t.db.select({ id: interests.id }).from(interests).orderBy(asc(interests.id))).map((r) => r.id);
}

async function loggedIn(overrides: Parameters<typeof buildMember>[1] = {}) {
  const built = await buildMember(t.db, overrides);
  return { ...built, cookie: await loginCookie(t.db, built.member.id) };
}

const getProfile = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/profile.php', headers: { cookie } });
const putProfile = (cookie: string, payload: object, locale = 'nl') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile.php',
    payload,
    headers: { ...XHR, cookie: `${cookie}; locale=${locale}` },
  });

describe('GET /api/profile.php', () => {
  it("answers the member's own profile with photos, interests and the photo limit", async () => {
    const m = await loggedIn({
      profile: {
        name: 'Sanne',
        birthDate: '1990-01-01',
        about: 'Hallo!',
        hairColor: 'blond',
        regionId: await regionId('NL-NH'),
        city: 'Amsterdam',
      },
    });
    const second = await buildPhoto(t.db, m.member.id, { position: 1, isMain: false });
    const first = await buildPhoto(t.db, m.member.id, { position: 0, isMain: true });
    const [music] = await interestIds();
    await t.db.insert(profileInterests).values({ memberId: m.member.id, interestId: music! });

    const res = await getProfile(m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { profile } = ProfileResponseSchema.parse(res.json());
    expect(profile).toMatchObject({
      id: m.member.id,
      name: 'Sanne',
      gender: 'female',
      sexuality: 'hetero',
      birth_date: '1990-01-01',
      about: 'Hallo!',
      country: 'NL',
      region_id: await regionId('NL-NH'),
      city: 'Amsterdam',
      hair_color: 'blond',
      eye_color: null,
      reason: null,
      interests: [music],
      photo_limit: FREE_PHOTO_LIMIT,
      status: 'active',
    });
    expect(profile.age).toBeGreaterThanOrEqual(35);
    expect(profile.photos).toEqual([
      {
        id: first.id,
        position: 0,
        is_main: true,
        filename: `/media/${first.filename}`,
        thumb_filename: `/media/${first.thumbFilename}`,
        match: `/media/${first.matchFilename}`,
      },
      expect.objectContaining({ id: second.id, position: 1, is_main: false }),
    ]);
    expect(res.body).not.toContain(m.member.email);
  });

  it('gives premium members the premium photo limit and CDN photo URLs for a site with cdn_prefix', async () => {
    const domain = await buildSite(t.db, { cdn_prefix: 'https://cdn.example' });
    const m = await loggedIn({ member: { paidUser: true, domain } });
    const photo = await buildPhoto(t.db, m.member.id);
    const { profile } = ProfileResponseSchema.parse((await getProfile(m.cookie)).json());
    expect(profile.photo_limit).toBe(PREMIUM_PHOTO_LIMIT);
    expect(profile.photos[0]?.filename).toBe(`https://cdn.example/media/${photo.filename}`);
  });

  it('needs a logged-in member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'authentication_required',
      message: 'Je moet ingelogd zijn om dit te doen.',
    });
  });
});

describe('PUT /api/profile.php', () => {
  it('saves the fields sent and leaves the others', async () => {
    const m = await loggedIn({ profile: { about: 'Oud', eyeColor: 'blue' } });
    const ids = await interestIds();
    const res = await putProfile(m.cookie, {
      name: 'Nieuwe Naam',
      gender: 'male',
      sexuality: 'bi',
      birth_date: '1985-06-15',
      about: '  Over mij  ',
      country: 'NL',
      region_id: await regionId('NL-UT'),
      city: 'Utrecht',
      latitude: 52.09,
      longitude: 5.12,
      hair_color: 'brown',
      body_type: 'athletic',
      relationship_status: 'single',
      tattoos: 'some',
      reason: 'dating',
      interests: [ids[2], ids[0], ids[0]],
    });
    expect(res.statusCode).toBe(200);
    const { profile } = ProfileResponseSchema.parse(res.json());
    expect(profile).toMatchObject({
      name: 'Nieuwe Naam',
      gender: 'male',
      sexuality: 'bi',
      birth_date: '1985-06-15',
      about: 'Over mij',
      region_id: await regionId('NL-UT'),
      city: 'Utrecht',
      latitude: 52.09,
      longitude: 5.12,
      hair_color: 'brown',
      eye_color: 'blue',
      body_type: 'athletic',
      relationship_status: 'single',
      tattoos: 'some',
      reason: 'dating',
      interests: [ids[0], ids[2]],
    });
    expect((await getProfile(m.cookie)).json().profile).toEqual(profile);
  });

  it('clears options with null and interests with an empty list', async () => {
    const m = await loggedIn({ profile: { hairColor: 'red', regionId: await regionId('NL-ZE') } });
    await putProfile(m.cookie, { interests: (await interestIds()).slice(0, 2) });
    const res = await putProfile(m.cookie, { hair_color: null, region_id: null, interests: [] });
    expect(res.json().profile).toMatchObject({ hair_color: null, region_id: null, interests: [] });
  });

  it('clears the region when the country changes without one', async () => {
    const m = await loggedIn({ profile: { regionId: await regionId('NL-NH') } });
    const res = await putProfile(m.cookie, { country: 'BE' });
    expect(res.json().profile).toMatchObject({ country: 'BE', region_id: null });
    const both = await putProfile(m.cookie, { country: 'DE', region_id: await regionId('DE-BY') });
    expect(both.json().profile).toMatchObject({ country: 'DE', region_id: await regionId('DE-BY') });
  });

  describe('refuses a wrong field with its text and changes nothing', () => {
    async function expectFields(
      payload: object,
      fields: Record<string, string>,
      options: { locale?: string; overrides?: Parameters<typeof buildMember>[1] } = {},
    ) {
      const m = await loggedIn(options.overrides);
      const [before] = await t.db.select().from(profiles).where(eq(profiles.memberId, m.member.id));
      const res = await putProfile(m.cookie, payload, options.locale);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'validation_failed',
        message: options.locale === 'en' ? 'Please check what you entered.' : 'Controleer de ingevulde gegevens.',
        fields,
      });
      const [after] = await t.db.select().from(profiles).where(eq(profiles.memberId, m.member.id));
      expect(after).toEqual(before);
      return m;
    }

    it('a name starting with @ or equal to the e-mail address', async () => {
      await expectFields({ name: '@sanne', about: 'changed' }, { name: 'Je profielnaam mag niet met @ beginnen.' });
      const m = await loggedIn();
      const res = await putProfile(m.cookie, { name: m.member.email.toUpperCase() });
      expect(res.json().fields).toEqual({ name: 'Je profielnaam moet anders zijn dan je e-mailadres' });
    });

    it('an empty or too long name', async () => {
      await expectFields({ name: '   ' }, { name: 'Dit veld is verplicht.' });
      await expectFields({ name: 'x'.repeat(51) }, { name: 'Gebruik hoogstens 50 tekens.' });
    });

    it('a birth date that does not exist, lies ahead or is under the minimum age', async () => {
      await expectFields({ birth_date: '1990-02-30' }, { birth_date: 'Ongeldige geboortedatum.' });
      await expectFields({ birth_date: '2999-01-01' }, { birth_date: 'Ongeldige geboortedatum.' });
      const young = `${new Date().getUTCFullYear() - 17}-01-01`;
      await expectFields({ birth_date: young }, { birth_date: 'Je moet minstens 18 jaar oud zijn.' });
      const domain = await buildSite(t.db, { min_age: 21 });
      const twenty = `${new Date().getUTCFullYear() - 20}-01-01`;
      await expectFields(
        { birth_date: twenty },
        { birth_date: 'Je moet minstens 21 jaar oud zijn.' },
        { overrides: { member: { domain } } },
      );
    });

    it(`an about text over ${PROFILE_ABOUT_MAX_LENGTH} characters`, async () => {
      await expectFields(
        { about: 'a'.repeat(PROFILE_ABOUT_MAX_LENGTH + 1) },
        { about: 'Gebruik hoogstens 2000 tekens.' },
      );
    });

    it('an option value that is not offered', async () => {
      await expectFields(
        { hair_color: 'purple', reason: 'money' },
        {
          hair_color: 'Kies een van de aangeboden mogelijkheden.',
          reason: 'Kies een van de aangeboden mogelijkheden.',
        },
      );
      await expectFields({ gender: 'other' }, { gender: 'Kies een van de aangeboden mogelijkheden.' });
    });

    it('a region of another country, or one that does not exist', async () => {
      await expectFields(
        { region_id: await regionId('DE-BY') },
        { region_id: 'Deze regio hoort niet bij het gekozen land.' },
      );
      await expectFields(
        { country: 'BE', region_id: await regionId('NL-NH') },
        { region_id: 'Deze regio hoort niet bij het gekozen land.' },
      );
      await expectFields({ region_id: 999_999 }, { region_id: 'Deze regio hoort niet bij het gekozen land.' });
    });

    it('a country the site does not serve, or no country at all', async () => {
      const domain = await buildSite(t.db, { countries: ['NL', 'BE'] });
      await expectFields(
        { country: 'DE' },
        { country: 'Dit land is op deze site niet beschikbaar.' },
        { overrides: { member: { domain } } },
      );
      await expectFields({ country: 'XX' }, { country: 'Kies een van de aangeboden mogelijkheden.' });
    });

    it('an interest that does not exist', async () => {
      const ids = await interestIds();
      await expectFields({ interests: [ids[0], 999_999] }, { interests: 'Kies alleen interesses uit de lijst.' });
    });

    it('an unknown field', async () => {
      const m = await loggedIn();
      const res = await putProfile(m.cookie, { status: 'active', credits: 1000 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    });

    it('in English for an English request', async () => {
      await expectFields(
        { name: '@x', region_id: await regionId('FR-IDF') },
        {
          name: 'Your profile name must not start with @.',
          region_id: 'This region does not belong to the chosen country.',
        },
        { locale: 'en' },
      );
    });
  });

  it('needs a logged-in member and the request-type header', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { about: 'x' },
      headers: XHR,
    });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error).toBe('authentication_required');
    const m = await loggedIn();
    const noHeader = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { about: 'x' },
      headers: { cookie: m.cookie },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error).toBe('request_type_required');
  });
});
