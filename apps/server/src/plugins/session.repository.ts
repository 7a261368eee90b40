import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { members, sessions } from '../db/schema/index.js';

/** Stores a new session under the hash of its token. */
export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; memberId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The member of an unexpired session whose account is not deleted, or null. */
export async function findSessionMember(db: DbOrTx, tokenHash: string, now: Date): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: members.id })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), isNull(members.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Ends one session (logout). */
export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}
