import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, asc, eq, ne, or } from 'drizzle-orm';
import { emailKey, type StoredSettings } from '@app/shared';
import type { Db } from '../src/db/client.js';
import {
  blocks,
  creditLedger,
  likes,
  members,
  outboxMails,
  photos,
  profiles,
  siteSettings,
} from '../src/db/schema/index.js';
import { photoKey } from '../src/platform/storage/index.js';

type NewMember = typeof members.$inferInsert;
type NewProfile = typeof profiles.$inferInsert;
type NewPhoto = typeof photos.$inferInsert;

let sequence = 0;

/**
 * A member with a profile, unique per call. Every test creates its own members, so tests
 * never depend on each other's data. The password hash is a placeholder: tests that log in
 * through the password use the accounts module's own helpers. Credits come with their ledger
 * row (an opening balance, 'seed'), so the ledger sums to the balance as it always does.
 */
export async function buildMember(
  db: Db,
  overrides: { member?: Partial<NewMember>; profile?: Partial<Omit<NewProfile, 'memberId'>> } = {},
) {
  sequence += 1;
  const tag = `${sequence}-${randomBytes(3).toString('hex')}`;
  const email = overrides.member?.email ?? `member-${tag}@example.test`;
  const [member] = await db
    .insert(members)
    .values({
      email,
      emailKey: emailKey(email),
      passwordHash: 'not-a-real-hash',
      status: 'confirmed',
      domain: 'localhost',
      language: 'nl',
      ...overrides.member,
    })
    .returning();
  if (member!.credits > 0) {
    await db
      .insert(creditLedger)
      .values({ memberId: member!.id, delta: member!.credits, reason: 'seed', balanceAfter: member!.credits });
  }
  const [profile] = await db
    .insert(profiles)
    .values({
      memberId: member!.id,
      name: `Member${sequence}`,
      gender: 'female',
      sexuality: 'hetero',
      birthDate: '1990-05-17',
      country: 'NL',
      status: 'active',
      ...overrides.profile,
    })
    .returning();
  return { member: member!, profile: profile! };
}

/**
 * Sets a member's balance with an 'adjustment' ledger row for the difference, as the console's
 * credit adjustment would: for tests that need a member at a given balance after creation.
 */
export async function setCredits(db: Db, memberId: number, balance: number): Promise<void> {
  const [before] = await db.select({ credits: members.credits }).from(members).where(eq(members.id, memberId));
  await db.update(members).set({ credits: balance }).where(eq(members.id, memberId));
  const delta = balance - before!.credits;
  if (delta !== 0)
    await db.insert(creditLedger).values({ memberId, delta, reason: 'adjustment', balanceAfter: balance });
}

/** A member's credit balance as stored. */
export async function balanceOf(db: Db, memberId: number): Promise<number> {
  const [row] = await db.select({ credits: members.credits }).from(members).where(eq(members.id, memberId));
  return row!.credits;
}

/** A member's ledger rows in order, after the opening balance the factory gave them. */
export function ledgerOf(db: Db, memberId: number) {
  return db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.memberId, memberId), ne(creditLedger.reason, 'seed')))
    .orderBy(asc(creditLedger.id));
}

/** A photo of a member; the files need not exist for API tests. */
export async function buildPhoto(db: Db, memberId: number, overrides: Partial<Omit<NewPhoto, 'memberId'>> = {}) {
  const id = randomBytes(8).toString('hex');
  const [photo] = await db
    .insert(photos)
    .values({
      memberId,
      position: 0,
      isMain: true,
      filename: photoKey(id, 'main'),
      thumbFilename: photoKey(id, 'thumb'),
      matchFilename: photoKey(id, 'match'),
      ...overrides,
    })
    .returning();
  return photo!;
}

const hashes = new Map<string, Promise<string>>();

/** A real argon2id hash of a password, computed once per password per test file. */
export function passwordHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hash(password)));
  return h;
}

/** A unique e-mail address for a test. */
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}@example.test`;
}

/**
 * A site of its own domain, with settings that differ from the default's (signups policy,
 * min_age, ...). Requests name it with the Host header.
 */
export async function buildSite(db: Db, settings: Partial<StoredSettings>): Promise<string> {
  const [base] = await db.select().from(siteSettings).where(eq(siteSettings.isDefault, true)).limit(1);
  sequence += 1;
  const domain = `site${sequence}-${randomBytes(3).toString('hex')}.localhost`;
  await db.insert(siteSettings).values({
    domain,
    isDefault: false,
    companyId: base!.companyId,
    settings: { ...base!.settings, ...settings },
  });
  return domain;
}

/** The outbox mails sent to an address, oldest first. */
export async function mailsTo(db: Db, to: string) {
  const rows = await db.select().from(outboxMails).where(eq(outboxMails.to, to));
  return rows.sort((a, b) => a.id - b.id);
}

/** The token of the first link in a mail text that contains `path`. */
export function tokenOf(text: string, path: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(path));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no ${path} link with a token in: ${text}`);
  return token;
}

/** `blockerId` blocks `blockedId`, as POST /api/block.php would. */
export async function buildBlock(db: Db, blockerId: number, blockedId: number) {
  const [row] = await db.insert(blocks).values({ blockerId, blockedId }).returning();
  return row!;
}

/** `likerId` likes `likedId`, as POST /api/like.php would; new (unseen) unless `seenAt` is given. */
export async function buildLike(
  db: Db,
  likerId: number,
  likedId: number,
  overrides: Partial<Omit<typeof likes.$inferInsert, 'likerId' | 'likedId'>> = {},
) {
  const [row] = await db
    .insert(likes)
    .values({ likerId, likedId, ...overrides })
    .returning();
  // As the likes service does: a like back makes both rows a match, from the later like.
  const pair = or(
    and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)),
    and(eq(likes.likerId, likedId), eq(likes.likedId, likerId)),
  );
  const both = await db.select().from(likes).where(pair);
  if (both.length === 2 && overrides.matchedAt === undefined) {
    const matchedAt = new Date(Math.max(...both.map((like) => like.createdAt.getTime())));
    await db.update(likes).set({ matchedAt }).where(pair);
    return { ...row!, matchedAt };
  }
  return row!;
}
