import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { count as countRows, sql } from 'drizzle-orm';
import { emailKey } from '@app/shared';
import type { Db, DbOrTx } from '../../client.js';
import {
  activeDays,
  creditLedger,
  interests,
  members,
  photos,
  profileInterests,
  profiles,
  regions,
  staff,
} from '../../schema/index.js';
import { photoKey, type MediaStorage, type PhotoVariant } from '../../../platform/storage/index.js';
import { loadAvatarStyles } from './avatars.js';
import { DEMO_LOGIN, DEMO_STAFF, generatePeople, type DemoPerson } from './people.js';
import { createRng, type Rng } from './random.js';
import { forEachConcurrently, placeholderImage, processImage, type ImageVariants } from './render.js';

/** The fixed seed of the demo site: the same members, texts and pictures on every install. */
export const DEMO_SEED = 20_240_601;

export interface SeedDemoOptions {
  db: Db;
  storage: MediaStorage;
  log: { info(obj: object, msg?: string): void };
  /** Members to create, the demo login included. */
  count?: number;
  /**
   * 'avatars' draws and renders every photo; 'placeholder' stores one tiny image for every
   * variant instead, for tests that care about rows and files but not about pixels.
   */
  images?: 'avatars' | 'placeholder';
  /** Photos rendered at the same time. */
  concurrency?: number;
  /** The moment ages and activity are measured from. */
  now?: Date;
  seed?: number;
}

export interface SeedDemoResult {
  seeded: boolean;
  demoLogin: { email: string; password: string };
}

const VARIANTS: readonly PhotoVariant[] = ['main', 'thumb', 'match'];
const CHUNK = 200;

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

async function isEmpty(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: countRows() }).from(members);
  return (row?.n ?? 0) === 0;
}

/** Renders (or stands in for) every photo and stores its three variants. */
async function writePhotos(people: readonly DemoPerson[], opts: SeedDemoOptions): Promise<number> {
  const jobs = people.flatMap((person) => person.photos.map((photo) => ({ person, photo })));
  const placeholder = opts.images === 'placeholder' ? await placeholderImage() : null;
  if (!placeholder) await loadAvatarStyles();
  await forEachConcurrently(jobs, opts.concurrency ?? 4, async ({ person, photo }) => {
    const variants: ImageVariants = placeholder
      ? { main: placeholder, thumb: placeholder, match: placeholder }
      : await processImage(Buffer.from(person.painter(photo.id, photo.background)), { effort: 0 });
    await Promise.all(VARIANTS.map((v) => opts.storage.put(photoKey(photo.id, v), variants[v], 'image/webp')));
  });
  return jobs.length;
}

/**
 * Fills an empty database with a believable demo site: members across all countries with
 * profiles, interests and photos, a dozen of them fictional, and one member with a known login.
 * It does nothing when any member exists, so it is safe to call on every start. Photo files are
 * written first (their keys are deterministic, so a retry overwrites the same files); the rows
 * then go in one transaction that also locks the members table, so two processes starting at
 * once cannot both seed.
 */
export async function seedDemo(opts: SeedDemoOptions): Promise<SeedDemoResult> {
  const demoLogin = { ...DEMO_LOGIN };
  const { db, log } = opts;
  if (!(await isEmpty(db))) return { seeded: false, demoLogin };

  const started = performance.now();
  const now = opts.now ?? new Date();
  const [regionRows, interestRows] = await Promise.all([
    db
      .select({ id: regions.id, country: regions.country, code: regions.code, name: regions.name })
      .from(regions)
      .orderBy(regions.id),
    db.select({ id: interests.id, key: interests.key }).from(interests).orderBy(interests.id),
  ]);
  const people = generatePeople({
    count: opts.count ?? 300,
    rng: createRng(opts.seed ?? DEMO_SEED),
    now,
    regions: regionRows,
    interests: interestRows,
  });

  // One hash each for the demo login and for everyone else: argon2 is slow on purpose, and
  // nobody needs to log in as the generated members (their password is random and discarded).
  const [demoHash, othersHash, staffHash] = await Promise.all([
    hash(DEMO_LOGIN.password),
    hash(randomBytes(24).toString('base64url')),
    hash(DEMO_STAFF.password),
  ]);

  const photoCount = await writePhotos(people, opts);
  const photosMs = Math.round(performance.now() - started);

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE ${members} IN SHARE ROW EXCLUSIVE MODE`);
    if (!(await isEmpty(tx))) return false;

    await tx
      .insert(staff)
      .values(
        DEMO_STAFF.accounts.map((a) => ({
          ...a,
          passwordHash: staffHash,
          totpSecret: DEMO_STAFF.totpSecret,
          totpConfirmedAt: now,
        })),
      )
      .onConflictDoNothing();
    const ids = new Map<string, number>();
    await insertChunked(people, async (chunk) => {
      const rows = await tx
        .insert(members)
        .values(
          chunk.map((p) => ({
            email: p.email,
            emailKey: emailKey(p.email),
            passwordHash: p.isDemoLogin ? demoHash : othersHash,
            status: 'confirmed' as const,
            credits: p.credits,
            paidUser: p.paidUser,
            language: p.language,
            domain: 'localhost',
            fictional: p.fictional,
            signupDate: p.signupDate,
          })),
        )
        .returning({ id: members.id, email: members.email });
      for (const row of rows) ids.set(row.email, row.id);
    });
    const idOf = (p: DemoPerson): number => {
      const id = ids.get(p.email);
      if (id === undefined) throw new Error(`demo member ${p.email} was not inserted`);
      return id;
    };

    // The opening balance is a ledger row like every other change, so balances add up.
    const openingBalances = people
      .filter((p) => p.credits > 0)
      .map((p) => ({
        memberId: idOf(p),
        delta: p.credits,
        reason: 'seed' as const,
        balanceAfter: p.credits,
        createdAt: p.signupDate,
      }));
    await insertChunked(openingBalances, (chunk) => tx.insert(creditLedger).values(chunk));
    await insertChunked(people, (chunk) =>
      tx.insert(profiles).values(
        chunk.map((p) => ({
          memberId: idOf(p),
          name: p.name,
          gender: p.gender,
          sexuality: p.sexuality,
          birthDate: p.birthDate,
          country: p.country,
          regionId: p.regionId,
          city: p.city,
          latitude: p.latitude,
          longitude: p.longitude,
          about: p.about,
          hairColor: p.hairColor,
          eyeColor: p.eyeColor,
          bodyType: p.bodyType,
          relationshipStatus: p.relationshipStatus,
          tattoos: p.tattoos,
          reason: p.reason,
          status: 'active' as const,
          lastActiveAt: p.lastActiveAt,
        })),
      ),
    );
    const interestLinks = people.flatMap((p) => p.interestIds.map((interestId) => ({ memberId: idOf(p), interestId })));
    await insertChunked(interestLinks, (chunk) => tx.insert(profileInterests).values(chunk));
    const photoRows = people.flatMap((p) =>
      p.photos.map((photo, position) => ({
        memberId: idOf(p),
        position,
        isMain: position === 0,
        filename: photoKey(photo.id, 'main'),
        thumbFilename: photoKey(photo.id, 'thumb'),
        matchFilename: photoKey(photo.id, 'match'),
        createdAt: p.signupDate,
      })),
    );
    await insertChunked(photoRows, (chunk) => tx.insert(photos).values(chunk));
    await insertChunked(
      activeDayRows(people, idOf, now, createRng(opts.seed ?? DEMO_SEED).fork('active-days')),
      (chunk) => tx.insert(activeDays).values(chunk),
    );
    return true;
  });

  if (seeded) {
    log.info(
      {
        members: people.length,
        photos: photoCount,
        fictional: people.filter((p) => p.fictional).length,
        photosMs,
        totalMs: Math.round(performance.now() - started),
      },
      'demo site seeded',
    );
  }
  return { seeded, demoLogin };
}

/** How many of the last days the console's activity chart shows for a fresh demo site. */
const ACTIVE_HISTORY_DAYS = 30;

/**
 * A believable month of activity for the console's dashboard: each real member visited on some
 * of the days between signing up (or a month ago) and their last activity, that day included.
 */
function activeDayRows(people: DemoPerson[], idOf: (p: DemoPerson) => number, now: Date, rng: Rng) {
  const dayMs = 86_400_000;
  const rows: Array<{ day: string; memberId: number }> = [];
  for (const p of people) {
    if (p.fictional) continue;
    const last = Math.floor(p.lastActiveAt.getTime() / dayMs);
    const first = Math.max(
      Math.floor(p.signupDate.getTime() / dayMs),
      Math.floor(now.getTime() / dayMs) - ACTIVE_HISTORY_DAYS + 1,
    );
    for (let day = first; day <= last; day++) {
      if (day === last || rng.chance(0.3))
        rows.push({ day: new Date(day * dayMs).toISOString().slice(0, 10), memberId: idOf(p) });
    }
  }
  return rows;
}
