import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES, INTERESTS, LOCALES, StoredSettingsSchema, type Country } from '@app/shared';
import { openTestDatabase } from '../../../test/helpers.js';
import type { Db } from '../client.js';
import { companies, gifts, interests, regions, siteSettings } from '../schema/index.js';
import { REGIONS } from './regions.data.js';
import { SEED_GIFTS, SEED_SITES, hasNoMembers, seedReference } from './reference.js';

/** First-level subdivisions per country, as the spec's region data requires. */
const REGION_COUNTS: Record<Country, number> = {
  NL: 12,
  BE: 11,
  DE: 16,
  AT: 9,
  CH: 26,
  FR: 13,
  IT: 20,
  ES: 17,
  PL: 16,
  GB: 4,
  IE: 26,
  US: 51,
  CA: 13,
  AU: 8,
  NZ: 16,
};

describe('region data', () => {
  it.each(COUNTRIES)('has every region of %s once, with ISO 3166-2 codes', (country) => {
    const list = REGIONS[country];
    expect(list).toHaveLength(REGION_COUNTS[country]);
    expect(new Set(list.map((r) => r.code)).size).toBe(list.length);
    expect(new Set(list.map((r) => r.name)).size).toBe(list.length);
    for (const r of list) expect(r.code).toMatch(new RegExp(`^${country}-[A-Z0-9]{1,3}$`));
  });
});

describe('seed sites', () => {
  it('are valid stored settings', () => {
    for (const site of SEED_SITES) expect(() => StoredSettingsSchema.parse(site.settings)).not.toThrow();
    expect(SEED_SITES.filter((s) => s.isDefault).map((s) => s.domain)).toEqual(['localhost']);
  });
});

describe('seedReference', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    db = opened.database.db;
    drop = opened.drop;
  });
  afterAll(async () => drop?.());

  it('fills interests, regions, the company and both domains', async () => {
    await seedReference(db);
    expect(await db.select({ key: interests.key, icon: interests.icon }).from(interests)).toEqual(
      expect.arrayContaining([...INTERESTS]),
    );
    const total = Object.values(REGION_COUNTS).reduce((a, b) => a + b, 0);
    expect(await db.$count(regions)).toBe(total);
    expect(await db.$count(companies)).toBe(1);
    const sites = await db.select().from(siteSettings);
    expect(sites.map((s) => [s.domain, s.isDefault]).sort()).toEqual([
      ['de.localhost', false],
      ['localhost', true],
    ]);
    expect(await hasNoMembers(db)).toBe(true);
    const catalogue = await db.select().from(gifts).orderBy(gifts.position);
    expect(catalogue.map((g) => [g.key, g.image, g.active])).toEqual(
      SEED_GIFTS.map((g) => [g.key, `/gifts/${g.key}.svg`, true]),
    );
  });

  it('is idempotent and keeps an operator edit of settings and company', async () => {
    const [site] = await db.select().from(siteSettings).where(eq(siteSettings.domain, 'localhost'));
    await db
      .update(siteSettings)
      .set({ settings: { ...site!.settings, name: 'Mijn Site' } })
      .where(eq(siteSettings.domain, 'localhost'));
    await db.update(companies).set({ name: 'Andere B.V.' });
    await db.update(regions).set({ name: 'Wrong' }).where(eq(regions.code, 'NL-NH'));
    await db.update(gifts).set({ credits: 99, active: false }).where(eq(gifts.key, 'rose'));

    await Promise.all([seedReference(db), seedReference(db)]);

    const [after] = await db.select().from(siteSettings).where(eq(siteSettings.domain, 'localhost'));
    expect(after!.settings.name).toBe('Mijn Site');
    expect(await db.$count(companies)).toBe(1);
    expect((await db.select().from(companies))[0]!.name).toBe('Andere B.V.');
    expect(await db.$count(siteSettings)).toBe(2);
    // Regions belong to the code: a fixed name comes back.
    const [nh] = await db.select().from(regions).where(eq(regions.code, 'NL-NH'));
    expect(nh!.name).toBe('Noord-Holland');
    // Gifts belong to the operator once seeded.
    const [rose] = await db.select().from(gifts).where(eq(gifts.key, 'rose'));
    expect(rose).toMatchObject({ credits: 99, active: false });
    expect(await db.$count(gifts)).toBe(SEED_GIFTS.length);
  });

  it('re-creates a missing domain on the existing company without taking the default', async () => {
    await db.delete(siteSettings).where(eq(siteSettings.domain, 'de.localhost'));
    await seedReference(db);
    const [de] = await db.select().from(siteSettings).where(eq(siteSettings.domain, 'de.localhost'));
    expect(de!.isDefault).toBe(false);
    expect(await db.$count(companies)).toBe(1);
  });
});

describe('seed gifts', () => {
  it('have their picture in the web app, a square SVG without text', () => {
    for (const gift of SEED_GIFTS) {
      const svg = readFileSync(
        fileURLToPath(new URL(`../../../../web/public/gifts/${gift.key}.svg`, import.meta.url)),
        'utf8',
      );
      expect(svg, gift.key).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64">/);
      expect(svg, gift.key).not.toMatch(/<text|<script|href=/);
    }
  });

  it('have a name in every language, which the member texts keep under gifts.<key>', () => {
    for (const locale of LOCALES) {
      const texts = JSON.parse(
        readFileSync(
          fileURLToPath(new URL(`../../../../../packages/i18n/locales/${locale}/member.json`, import.meta.url)),
          'utf8',
        ),
      ) as { gifts?: Record<string, unknown> };
      for (const gift of SEED_GIFTS) {
        const name = texts.gifts?.[gift.key];
        expect(typeof name === 'string' && name.trim() !== '', `${locale} gifts.${gift.key}`).toBe(true);
      }
    }
  });
});
