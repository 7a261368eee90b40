import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { members, profiles, sessions } from '../db/schema/index.js';

/** Stores a new session under the hash of its token. */
export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; memberId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The member of an unexpired session whose account is not deleted, or null; with the profile's
 * last activity (null without a profile), so noting activity costs no query of its own.
 */
export async function findSessionMember(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<{ id: number; lastActiveAt: Date | null } | null> {
  const [row] = await db
    .select({ id: members.id, lastActiveAt: profiles.lastActiveAt })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), isNull(members.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Ends one session (logout). */
export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Notes the member's activity unless it was noted after `staleBefore`: the condition sits in
 * the UPDATE, so parallel requests write at most once.
 */
export async function touchLastActive(db: DbOrTx, memberId: number, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(profiles)
    .set({ lastActiveAt: now })
    .where(and(eq(profiles.memberId, memberId), lt(profiles.lastActiveAt, staleBefore)));
}
