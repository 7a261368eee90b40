import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conversationMembers, members, photos, profiles } from '../../db/schema/index.js';

export type NewSiteMember = Omit<typeof members.$inferInsert, 'fictional'>;
export type NewSiteProfile = Omit<typeof profiles.$inferInsert, 'memberId'>;

/** Conversations of the member with messages it has not read: what waits in the inbox. */
const waitingOf = (memberId: typeof members.id) =>
  sql<number>`(select count(*)::int from ${conversationMembers} where ${conversationMembers.memberId} = ${memberId} and ${conversationMembers.unreadCount} > 0)`;

/** The main photo's thumbnail key, whatever its review state: staff see everything. */
const mainThumbOf = (memberId: typeof members.id) =>
  sql<
    string | null
  >`(select ${photos.thumbFilename} from ${photos} where ${photos.memberId} = ${memberId} and ${photos.isMain} limit 1)`;

/** Site-run profiles that are not deleted, newest first, below id `before`. */
export function listSiteProfiles(db: DbOrTx, before: number | undefined, limit: number) {
  return db
    .select({
      id: members.id,
      domain: members.domain,
      name: profiles.name,
      gender: profiles.gender,
      birthDate: profiles.birthDate,
      country: profiles.country,
      city: profiles.city,
      thumb: mainThumbOf(members.id),
      waiting: waitingOf(members.id),
    })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(
      and(
        eq(members.fictional, true),
        isNull(members.deletedAt),
        before === undefined ? undefined : lt(members.id, before),
      ),
    )
    .orderBy(desc(members.id))
    .limit(limit);
}

/** A site-run profile that is not deleted, with its member row and waiting count; null otherwise. */
export async function findSiteProfile(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ member: members, profile: profiles, waiting: waitingOf(members.id) })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(members.id, id), eq(members.fictional, true), isNull(members.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts a site-run member and its profile. `fictional` is not the caller's to choose: every
 * row made here is marked, which is the legal disclosure's starting point.
 */
export async function insertSiteProfile(tx: DbOrTx, member: NewSiteMember, profile: NewSiteProfile): Promise<number> {
  const [row] = await tx
    .insert(members)
    .values({ ...member, fictional: true })
    .returning({ id: members.id });
  await tx.insert(profiles).values({ ...profile, memberId: row!.id });
  return row!.id;
}
