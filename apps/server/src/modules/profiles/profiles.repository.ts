import type { ProfileUpdateBody } from '@app/shared';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bound, prepared } from '../../db/prepared.js';
import { interests, members, photos, profileInterests, profiles, regions } from '../../db/schema/index.js';
import type { PhotoRow } from '../../db/schema/index.js';

export type MemberRow = typeof members.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type NewPhoto = typeof photos.$inferInsert;
export type ProfileChanges = Partial<Omit<typeof profiles.$inferInsert, 'memberId'>>;

/**
 * The profile columns an edit sets from the fields that were sent, all but the about-me text,
 * whose review rule differs between members and staff (each caller sets it).
 */
export function profileColumnChanges(body: Omit<ProfileUpdateBody, 'about' | 'interests'>): ProfileChanges {
  const changes: ProfileChanges = {};
  const copy = <K extends keyof ProfileChanges>(key: K, value: ProfileChanges[K] | undefined) => {
    if (value !== undefined) changes[key] = value;
  };
  copy('name', body.name);
  copy('gender', body.gender);
  copy('sexuality', body.sexuality);
  copy('birthDate', body.birth_date);
  copy('country', body.country);
  copy('regionId', body.region_id);
  copy('city', body.city);
  copy('latitude', body.latitude);
  copy('longitude', body.longitude);
  copy('hairColor', body.hair_color);
  copy('eyeColor', body.eye_color);
  copy('bodyType', body.body_type);
  copy('relationshipStatus', body.relationship_status);
  copy('tattoos', body.tattoos);
  copy('reason', body.reason);
  return changes;
}

/** A member that is not deleted, with its profile; null without either. */
export async function findOwnProfile(
  db: DbOrTx,
  memberId: number,
): Promise<{ member: MemberRow; profile: ProfileRow } | null> {
  const [row] = await db
    .select({ member: members, profile: profiles })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * What matching others needs of the logged-in viewer: whom they seek and where, their age and
 * region, their membership, and whether others can find them.
 */
export interface ViewerRow {
  gender: ProfileRow['gender'];
  sexuality: ProfileRow['sexuality'];
  country: string;
  regionId: number | null;
  birthDate: string;
  paidUser: boolean;
  memberStatus: MemberRow['status'];
  profileStatus: ProfileRow['status'];
  invisible: boolean;
  /** A site-run profile (staff act for it). */
  fictional: boolean;
}

/**
 * The viewer's own side for searches, suggestions, profile views, the auto-like and the swipe
 * game; null once the account is deleted. One prepared statement: member.php and members.php
 * read it on every call.
 */
export async function findViewer(db: DbOrTx, viewerId: number): Promise<ViewerRow | null> {
  const [row] = await prepared(db, 'profiles_viewer', (db) =>
    db
      .select({
        gender: profiles.gender,
        sexuality: profiles.sexuality,
        country: profiles.country,
        regionId: profiles.regionId,
        birthDate: profiles.birthDate,
        paidUser: members.paidUser,
        memberStatus: members.status,
        profileStatus: profiles.status,
        invisible: members.invisible,
        fictional: members.fictional,
      })
      .from(members)
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .where(and(eq(members.id, bound('viewerId')), isNull(members.deletedAt)))
      .limit(1),
  ).execute({ viewerId });
  return row ?? null;
}

/**
 * Locks the member's row until the transaction ends: uploads of one member queue here, so two
 * at once cannot both pass the photo limit. Answers the member, or null when it is gone.
 */
export async function lockMember(tx: DbOrTx, memberId: number): Promise<MemberRow | null> {
  const [row] = await tx
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .for('update');
  return row ?? null;
}

/** The member's photos in display order. */
export function listPhotos(db: DbOrTx, memberId: number): Promise<PhotoRow[]> {
  return db.select().from(photos).where(eq(photos.memberId, memberId)).orderBy(asc(photos.position), asc(photos.id));
}

export async function insertPhoto(db: DbOrTx, photo: NewPhoto): Promise<PhotoRow> {
  const [row] = await db.insert(photos).values(photo).returning();
  return row!;
}

export async function deletePhotoRow(db: DbOrTx, memberId: number, photoId: number): Promise<void> {
  await db.delete(photos).where(and(eq(photos.id, photoId), eq(photos.memberId, memberId)));
}

/** Sets position and main flag of each photo of the member; `ids` in the new order. */
export async function arrangePhotos(db: DbOrTx, memberId: number, ids: readonly number[], mainId: number | null) {
  for (const [position, id] of ids.entries()) {
    await db
      .update(photos)
      .set({ position, isMain: id === mainId })
      .where(and(eq(photos.id, id), eq(photos.memberId, memberId)));
  }
}

/** The member's interest ids, ascending. */
export async function listInterestIds(db: DbOrTx, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ id: profileInterests.interestId })
    .from(profileInterests)
    .where(eq(profileInterests.memberId, memberId))
    .orderBy(asc(profileInterests.interestId));
  return rows.map((r) => r.id);
}

/** Of `ids`, those that name an interest. */
export async function existingInterestIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: interests.id })
    .from(interests)
    .where(inArray(interests.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function replaceInterests(db: DbOrTx, memberId: number, ids: readonly number[]): Promise<void> {
  await db.delete(profileInterests).where(eq(profileInterests.memberId, memberId));
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await db.insert(profileInterests).values(unique.map((interestId) => ({ memberId, interestId })));
  }
}

export async function updateProfileRow(db: DbOrTx, memberId: number, changes: ProfileChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(profiles).set(changes).where(eq(profiles.memberId, memberId));
}

/** The country of a region, or null when no region has that id. */
export async function regionCountry(db: DbOrTx, regionId: number): Promise<string | null> {
  const [row] = await db.select({ country: regions.country }).from(regions).where(eq(regions.id, regionId)).limit(1);
  return row?.country ?? null;
}

/** The id of a region by its ISO 3166-2 code. */
export async function regionIdByCode(db: DbOrTx, code: string): Promise<number | null> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.code, code)).limit(1);
  return row?.id ?? null;
}

/** Makes the held about text the public one; false when none is held. */
export async function releaseHeldAboutText(db: DbOrTx, memberId: number): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ about: sql`${profiles.aboutHeld}`, aboutHeld: null })
    .where(and(eq(profiles.memberId, memberId), isNotNull(profiles.aboutHeld)))
    .returning({ memberId: profiles.memberId });
  return rows.length > 0;
}

/** Drops the held about text; false when none is held. */
export async function clearHeldAbout(db: DbOrTx, memberId: number): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ aboutHeld: null })
    .where(and(eq(profiles.memberId, memberId), isNotNull(profiles.aboutHeld)))
    .returning({ memberId: profiles.memberId });
  return rows.length > 0;
}
