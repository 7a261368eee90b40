import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeocodeResponseSchema } from '@app/shared';
import { buildMember, buildSite } from '../../../test/factories.js';
import { buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { regions } from '../../db/schema/index.js';
import { DEFAULT_PROFILE_RATE_LIMITS } from './profiles.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function regionId(code: string): Promise<number> {
  const [row] = await t.db.select({ id: regions.id }).from(regions).where(eq(regions.code, code));
  return row!.id;
}

async function cookieOf(overrides: Parameters<typeof buildMember>[1] = {}) {
  const { member } = await buildMember(t.db, overrides);
  return loginCookie(t.db, member.id);
}

const geocode = (cookie: string | null, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/geocode.php?${query}`, headers: cookie ? { cookie } : {} });

describe('GET /api/geocode.php', () => {
  it('places Amsterdam in the Netherlands, in Noord-Holland', async () => {
    const res = await geocode(await cookieOf(), 'lat=52.37&lon=4.89');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(GeocodeResponseSchema.parse(res.json())).toEqual({
      geocode: {
        country: 'NL',
        region_id: await regionId('NL-NH'),
        city: 'Amsterdam',
        latitude: expect.closeTo(52.374, 2),
        longitude: expect.closeTo(4.89, 2),
      },
    });
  });

  it('answers the town, not the exact position asked for', async () => {
    const res = await geocode(await cookieOf(), 'lat=52.3791&lon=4.9003');
    const { geocode: place } = GeocodeResponseSchema.parse(res.json());
    expect([place.latitude, place.longitude]).not.toEqual([52.3791, 4.9003]);
  });

  it.each([
    ['50.8503', '4.3517', 'BE', 'BE-BRU'],
    ['48.1351', '11.582', 'DE', 'DE-BY'],
    ['41.3874', '2.1686', 'ES', 'ES-CT'],
    ['53.3498', '-6.2603', 'IE', 'IE-D'],
  ])('places %s, %s in %s, %s', async (lat, lon, country, region) => {
    const res = await geocode(await cookieOf(), `lat=${lat}&lon=${lon}`);
    expect(res.json().geocode).toMatchObject({ country, region_id: await regionId(region) });
  });

  it('answers geocode_not_found at sea', async () => {
    const res = await geocode(await cookieOf(), 'lat=54.8&lon=3.2');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'geocode_not_found',
      message: 'We konden je locatie niet bepalen. Kies je land en regio zelf.',
    });
  });

  it("answers geocode_not_found in a country the member's site does not serve", async () => {
    // Luxembourg is served by no site; Germany is not served by this one.
    expect((await geocode(await cookieOf(), 'lat=49.61&lon=6.13')).statusCode).toBe(404);
    const domain = await buildSite(t.db, { countries: ['NL', 'BE'] });
    const res = await geocode(await cookieOf({ member: { domain } }), 'lat=52.52&lon=13.405');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('geocode_not_found');
  });

  it('refuses positions out of range or missing', async () => {
    const cookie = await cookieOf();
    for (const query of ['lat=91&lon=0', 'lat=0&lon=181', 'lat=abc&lon=1', 'lon=4.89', 'lat=&lon=', '']) {
      const res = await geocode(cookie, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
  });

  it('needs a logged-in member', async () => {
    const res = await geocode(null, 'lat=52.37&lon=4.89');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
  });

  it('is rate-limited per member', async () => {
    const cookie = await cookieOf();
    const { max } = DEFAULT_PROFILE_RATE_LIMITS.geocode;
    for (let i = 0; i < max; i++) expect((await geocode(cookie, 'lat=52.37&lon=4.89')).statusCode).toBe(200);
    const limited = await geocode(cookie, 'lat=52.37&lon=4.89');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
    // Another member is not held back by it.
    expect((await geocode(await cookieOf(), 'lat=52.37&lon=4.89')).statusCode).toBe(200);
  });
});
