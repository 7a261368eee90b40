import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client.js';
import { members, photos, profiles } from '../src/db/schema/index.js';
import { photoKey } from '../src/platform/storage/index.js';

type NewMember = typeof members.$inferInsert;
type NewProfile = typeof profiles.$inferInsert;
type NewPhoto = typeof photos.$inferInsert;

let sequence = 0;

/**
 * A member with a profile, unique per call. Every test creates its own members, so tests
 * never depend on each other's data. The password hash is a placeholder: tests that log in
 * through the password use the accounts module's own helpers.
 */
export async function buildMember(
  db: Db,
  overrides: { member?: Partial<NewMember>; profile?: Partial<Omit<NewProfile, 'memberId'>> } = {},
) {
  sequence += 1;
  const tag = `${sequence}-${randomBytes(3).toString('hex')}`;
  const [member] = await db
    .insert(members)
    .values({
      email: `member-${tag}@example.test`,
      passwordHash: 'not-a-real-hash',
      status: 'confirmed',
      domain: 'localhost',
      language: 'nl',
      ...overrides.member,
    })
    .returning();
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
