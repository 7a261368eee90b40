import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verify } from '@node-rs/argon2';
import { COUNTRIES, VISIBLE_LANGUAGES_BY_COUNTRY, type Country } from '@app/shared';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../client.js';
import { activeDays, members, photos, profileInterests, profiles, regions, staff } from '../../schema/index.js';
import { createLocalDiskStorage, type MediaStorage } from '../../../platform/storage/index.js';
import { ageOn, DEMO_LOGIN } from './people.js';
import { insertReferenceFixture } from './reference-fixture.js';
import { seedDemo } from './seed.js';
import { IMAGE_VARIANTS } from './render.js';

const NOW = new Date('2025-06-15T12:00:00Z');

/** Map.groupBy arrived in Node 21; the project runs on Node 20. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
const silent = { info: () => undefined };

interface Harness {
  database: Database;
  storage: MediaStorage;
  dir: string;
}

async function freshHarness(): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), 'demo-seed-test-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  // New Zealand gets no regions, so the seed's "no region rows" path is covered too.
  await insertReferenceFixture(database.db, ['NZ']);
  return { database, storage: createLocalDiskStorage(dir), dir };
}

async function closeHarness(h: Harness | undefined): Promise<void> {
  if (!h) return;
  await h.database.close();
  await rm(h.dir, { recursive: true, force: true });
}

async function memberRows(h: Harness) {
  return h.database.db
    .select({
      id: members.id,
      email: members.email,
      status: members.status,
      credits: members.credits,
      paidUser: members.paidUser,
      fictional: members.fictional,
      language: members.language,
      domain: members.domain,
      passwordHash: members.passwordHash,
      name: profiles.name,
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      birthDate: profiles.birthDate,
      country: profiles.country,
      regionId: profiles.regionId,
      city: profiles.city,
      latitude: profiles.latitude,
      about: profiles.about,
      profileStatus: profiles.status,
      lastActiveAt: profiles.lastActiveAt,
    })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .orderBy(asc(members.id));
}

describe('seedDemo', () => {
  let h: Harness;
  let result: Awaited<ReturnType<typeof seedDemo>>;
  let rows: Awaited<ReturnType<typeof memberRows>>;

  beforeAll(async () => {
    h = await freshHarness();
    result = await seedDemo({ db: h.database.db, storage: h.storage, log: silent, images: 'placeholder', now: NOW });
    rows = await memberRows(h);
  });

  afterAll(() => closeHarness(h));

  it('creates 300 confirmed members, each with an active profile', async () => {
    expect(result).toEqual({ seeded: true, demoLogin: DEMO_LOGIN });
    const [{ n } = { n: 0 }] = await h.database.db.select({ n: count() }).from(members);
    expect(n).toBe(300);
    expect(rows).toHaveLength(300);
    for (const row of rows) {
      expect(row.status).toBe('confirmed');
      expect(row.profileStatus).toBe('active');
      expect(row.domain).toBe('localhost');
      expect(row.credits).toBeGreaterThanOrEqual(0);
      expect(row.credits).toBeLessThanOrEqual(200);
      expect(row.about.length).toBeGreaterThan(20);
      expect(row.about).not.toMatch(/[{}]/);
    }
  });

  it("gives the console a month of real members' active days, each member's last activity among them", async () => {
    const days = await h.database.db
      .select({ day: activeDays.day, fictional: members.fictional, lastActiveAt: profiles.lastActiveAt })
      .from(activeDays)
      .innerJoin(members, eq(members.id, activeDays.memberId))
      .innerJoin(profiles, eq(profiles.memberId, activeDays.memberId));
    expect(days.some((d) => d.fictional)).toBe(false);
    const monthAgo = new Date(NOW.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    for (const d of days) {
      expect(d.day >= monthAgo && d.day <= d.lastActiveAt.toISOString().slice(0, 10)).toBe(true);
    }
    expect(new Set(days.map((d) => d.day)).size).toBeGreaterThan(20);
  });

  it('seeds one staff account per role for the console', async () => {
    const rows = await h.database.db.select({ role: staff.role, confirmed: staff.totpConfirmedAt }).from(staff);
    expect(rows.map((r) => r.role).sort()).toEqual(['admin', 'moderator', 'support']);
    expect(rows.every((r) => r.confirmed !== null)).toBe(true);
  });

  it('gives every member 1 to 4 photos, exactly one of them main, with their files stored', async () => {
    const all = await h.database.db.select().from(photos).orderBy(asc(photos.memberId), asc(photos.position));
    const byMember = groupBy(all, (p) => p.memberId);
    expect(byMember.size).toBe(300);
    for (const list of byMember.values()) {
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(4);
      expect(list.filter((p) => p.isMain)).toHaveLength(1);
      expect(list.map((p) => p.position)).toEqual(list.map((_, i) => i));
    }
    for (const photo of all) {
      expect(photo.filename).toMatch(/^photos\/([a-z0-9]{2})\/\1[a-z0-9]{14}-main\.webp$/);
      for (const key of [photo.filename, photo.thumbFilename, photo.matchFilename]) {
        expect(await h.storage.get(key), key).not.toBeNull();
      }
    }
  });

  it('spreads members over all countries, genders, sexualities and ages 18 to 75', () => {
    expect(new Set(rows.map((r) => r.country))).toEqual(new Set(COUNTRIES));
    expect(new Set(rows.map((r) => r.gender))).toEqual(new Set(['male', 'female']));
    expect(new Set(rows.map((r) => r.sexuality))).toEqual(new Set(['hetero', 'gay', 'lesbian', 'bi']));
    expect(rows.filter((r) => r.sexuality === 'lesbian').every((r) => r.gender === 'female')).toBe(true);
    expect(rows.filter((r) => r.sexuality === 'gay').every((r) => r.gender === 'male')).toBe(true);
    const hetero = rows.filter((r) => r.sexuality === 'hetero').length;
    expect(hetero / rows.length).toBeGreaterThan(0.7);
    const ages = rows.map((r) => ageOn(r.birthDate, NOW));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...ages)).toBeLessThanOrEqual(75);
    const perCountry = (c: Country) => rows.filter((r) => r.country === c).length;
    expect(perCountry('NL')).toBeGreaterThan(perCountry('BE'));
    expect(perCountry('DE')).toBeGreaterThan(perCountry('FR'));
  });

  it('writes in the first language of the country and places members in its regions', async () => {
    const regionRows = await h.database.db.select().from(regions);
    const regionCountry = new Map(regionRows.map((r) => [r.id, r.country]));
    for (const row of rows) {
      expect(row.language).toBe(VISIBLE_LANGUAGES_BY_COUNTRY[row.country as Country][0]);
      if (row.country === 'NZ') {
        expect(row.regionId).toBeNull();
      } else {
        expect(row.regionId).not.toBeNull();
        expect(regionCountry.get(row.regionId as number)).toBe(row.country);
      }
      expect(row.city).toBeTruthy();
      expect(row.latitude).not.toBeNull();
    }
  });

  it('links 2 to 6 interests to every member', async () => {
    const links = await h.database.db.select().from(profileInterests);
    const perMember = groupBy(links, (l) => l.memberId);
    expect(perMember.size).toBe(300);
    for (const list of perMember.values()) {
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(6);
    }
  });

  it('marks about a dozen members fictional, some paid and some online now', () => {
    expect(rows.filter((r) => r.fictional)).toHaveLength(12);
    const paid = rows.filter((r) => r.paidUser).length / rows.length;
    expect(paid).toBeGreaterThan(0.07);
    expect(paid).toBeLessThan(0.25);
    const online = rows.filter((r) => NOW.getTime() - r.lastActiveAt.getTime() <= 10 * 60_000).length;
    expect(online).toBeGreaterThan(10);
    expect(online).toBeLessThan(60);
    const oldest = Math.min(...rows.map((r) => r.lastActiveAt.getTime()));
    expect(NOW.getTime() - oldest).toBeLessThanOrEqual(14 * 86_400_000);
  });

  it('creates the demo login as specified, with a password that verifies', async () => {
    const demo = rows.find((r) => r.email === DEMO_LOGIN.email);
    expect(demo).toBeDefined();
    if (!demo) return;
    expect(await verify(demo.passwordHash, DEMO_LOGIN.password)).toBe(true);
    expect(demo.passwordHash).toMatch(/^\$argon2id\$/);
    const [nh] = await h.database.db.select().from(regions).where(eq(regions.code, 'NL-NH'));
    expect(demo).toMatchObject({
      language: 'nl',
      country: 'NL',
      gender: 'female',
      sexuality: 'hetero',
      city: 'Amsterdam',
      regionId: nh?.id,
      status: 'confirmed',
      profileStatus: 'active',
      credits: 50,
      paidUser: false,
      fictional: false,
    });
    expect(ageOn(demo.birthDate, NOW)).toBe(32);
    const demoPhotos = await h.database.db.select().from(photos).where(eq(photos.memberId, demo.id));
    expect(demoPhotos).toHaveLength(2);
    // Other members share one hash of a random password nobody knows.
    const other = rows.find((r) => r.email !== DEMO_LOGIN.email);
    expect(other && (await verify(other.passwordHash, DEMO_LOGIN.password))).toBe(false);
  });

  it('gives every member a unique e-mail address on the demo domain', () => {
    const emails = rows.map((r) => r.email);
    expect(new Set(emails).size).toBe(300);
    for (const email of emails.filter((e) => e !== DEMO_LOGIN.email)) {
      expect(email).toMatch(/^[a-z]+\.[a-z]+\d+@demo\.amoria\.example$/);
    }
  });

  it('does nothing when run again', async () => {
    const photoCount = async () => (await h.database.db.select({ p: count() }).from(photos))[0]?.p;
    const before = await photoCount();
    const again = await seedDemo({
      db: h.database.db,
      storage: h.storage,
      log: silent,
      images: 'placeholder',
      now: NOW,
    });
    expect(again).toEqual({ seeded: false, demoLogin: DEMO_LOGIN });
    const [{ n } = { n: 0 }] = await h.database.db.select({ n: count() }).from(members);
    expect(n).toBe(300);
    expect(await photoCount()).toBe(before);
  });

  it('creates the same site on a second fresh database', async () => {
    let other: Harness | undefined;
    try {
      other = await freshHarness();
      await seedDemo({ db: other.database.db, storage: other.storage, log: silent, images: 'placeholder', now: NOW });
      const again = await memberRows(other);
      const pick = (r: (typeof rows)[number]) => [
        r.email,
        r.name,
        r.country,
        r.gender,
        r.sexuality,
        r.birthDate,
        r.city,
        r.about,
      ];
      expect(again.map(pick)).toEqual(rows.map(pick));
    } finally {
      await closeHarness(other);
    }
  });
});

describe('seedDemo with real photos', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await freshHarness();
  });

  afterAll(() => closeHarness(h));

  it('renders WebP variants at their sizes, without any metadata', async () => {
    const result = await seedDemo({ db: h.database.db, storage: h.storage, log: silent, count: 4, now: NOW });
    expect(result.seeded).toBe(true);
    const all = await h.database.db.select().from(photos);
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const photo of all) {
      for (const [variant, key] of [
        ['main', photo.filename],
        ['thumb', photo.thumbFilename],
        ['match', photo.matchFilename],
      ] as const) {
        const file = await h.storage.get(key);
        expect(file, key).not.toBeNull();
        const meta = await sharp(file as Buffer).metadata();
        expect(meta.format).toBe('webp');
        expect({ width: meta.width, height: meta.height }).toEqual(IMAGE_VARIANTS[variant]);
        expect(meta.exif).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        // A drawn portrait, not a flat placeholder: the pixels vary.
        const stats = await sharp(file as Buffer).stats();
        expect(stats.channels.some((c) => c.stdev > 10)).toBe(true);
      }
    }
  });
});
