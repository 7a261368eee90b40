import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  CompanyInfoResponseSchema,
  INTERESTS,
  InterestsResponseSchema,
  REGION_KIND_BY_COUNTRY,
  RegionsResponseSchema,
} from '@app/shared';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/companyinfo.php', () => {
  it('answers the company of the domain with a cleaned support phone', async () => {
    const res = await get('/api/companyinfo.php', { host: 'localhost:3000' });
    expect(res.statusCode).toBe(200);
    const { companyinfo } = CompanyInfoResponseSchema.parse(res.json());
    expect(companyinfo).toEqual({
      name: 'Amoria Media B.V.',
      address: 'Herengracht 420',
      kvk: '87654321',
      city: 'Amsterdam',
      country: 'NL',
      tradenames: ['Amoria'],
      vat_numbers: ['NL864321987B01'],
      support_phone: '+31201234567',
      delete_discount: 50,
      added: '2023-06-01T00:00:00.000Z',
    });
  });
});

describe('GET /api/interests.php', () => {
  it('answers every interest with its id, key and icon', async () => {
    const res = await get('/api/interests.php');
    const { interests } = InterestsResponseSchema.parse(res.json());
    expect(interests.map((i) => ({ key: i.key, icon: i.icon }))).toEqual(INTERESTS);
    expect(interests.every((i) => Number.isInteger(i.id))).toBe(true);
  });
});

describe('GET /api/regions.php', () => {
  it('answers the regions of every served country with the kind the country names them by', async () => {
    const res = await get('/api/regions.php');
    const { regions } = RegionsResponseSchema.parse(res.json());
    expect(Object.keys(regions)).toEqual([...COUNTRIES]);
    for (const country of COUNTRIES) {
      expect(regions[country]!.kind).toBe(REGION_KIND_BY_COUNTRY[country]);
      expect(regions[country]!.regions.every((r) => r.country === country && r.code.startsWith(`${country}-`))).toBe(
        true,
      );
    }
    expect(regions.NL!.regions).toHaveLength(12);
    expect(regions.CH!.kind).toBe('canton');
    expect(regions.NL!.regions.map((r) => r.name)).toContain('Noord-Holland');
  });
});

describe.each(['/api/companyinfo.php', '/api/interests.php', '/api/regions.php'])('caching of %s', (url) => {
  it('is publicly cacheable for an hour with an ETag', async () => {
    const res = await get(url);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('answers 304 without a body when If-None-Match holds the current ETag', async () => {
    const { etag } = (await get(url)).headers;
    const res = await get(url, { 'if-none-match': `W/"old", ${etag as string}` });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(etag);
  });

  it('answers 200 for a stale ETag', async () => {
    const res = await get(url, { 'if-none-match': '"stale"' });
    expect(res.statusCode).toBe(200);
  });
});
