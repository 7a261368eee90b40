import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { members, photos, profiles } from '../../db/schema/index.js';

export type MemberRow = typeof members.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;

/** A member that is not deleted, with the profile when it has one. */
export async function findMemberWithProfile(
  db: DbOrTx,
  id: number,
): Promise<{ member: MemberRow; profile: ProfileRow | null } | null> {
  const [row] = await db
    .select({ member: members, profile: profiles })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(members.id, id), isNull(members.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The photo shown as the member's picture: the one marked main, else the first. */
export async function findMainPhoto(db: DbOrTx, memberId: number): Promise<PhotoRow | null> {
  const [row] = await db
    .select()
    .from(photos)
    .where(eq(photos.memberId, memberId))
    .orderBy(desc(photos.isMain), asc(photos.position), asc(photos.id))
    .limit(1);
  return row ?? null;
}

export async function updateLanguage(db: DbOrTx, memberId: number, language: string): Promise<void> {
  await db.update(members).set({ language }).where(eq(members.id, memberId));
}
