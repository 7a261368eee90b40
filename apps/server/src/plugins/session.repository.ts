import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { runNamed, type IdValue } from '../db/prepared.js';
import { members, profiles, sessions } from '../db/schema/index.js';

/** Stores a new session under the hash of its token. */
export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; memberId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The member of a session, with the profile's last activity (null without a profile). */
export interface SessionMemberRow {
  id: number;
  lastActiveAt: Date | null;
  expiresAt: Date;
}

/**
 * The lookup every API request makes: the member of an unexpired session whose account is not
 * deleted, or null; with the profile's last activity, so noting activity costs no query of its
 * own. Built once as a prepared statement: no query is built per request, and on PostgreSQL
 * each connection plans it once. Run it outside transactions (it holds the database handle).
 */
export function prepareFindSessionMember(db: Db): (tokenHash: string, now: Date) => Promise<SessionMemberRow | null> {
  const query = db
    .select({ id: members.id, lastActiveAt: profiles.lastActiveAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(members.deletedAt),
        isNull(members.bannedAt),
      ),
    )
    .limit(1)
    .prepare('session_member');
  return async (tokenHash, now) => {
    const [row] = await query.execute({ tokenHash, now: now.toISOString() });
    return row ?? null;
  };
}

/** Ends one session (logout). */
export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Notes the members' activity, each unless it was noted after `staleBefore`, and the UTC day
 * they used the site on (the console's active members), in one statement: the condition sits in
 * the UPDATE, so parallel requests write at most once, and the day goes with the write that won.
 * Answers, for the members this call wrote, the activity noted before: the statement's select
 * sees the rows as they were before its own update.
 */
export async function noteActivity(
  db: DbOrTx,
  memberIds: readonly number[],
  now: Date,
  staleBefore: Date,
): Promise<{ memberId: number; previous: Date }[]> {
  const rows = await runNamed<{ member_id: IdValue; previous: string | Date }>(
    db,
    'session_note_activity',
    `with touched as (
       update profiles set last_active_at = $2
       where member_id = any($1::integer[]) and last_active_at < $3 returning member_id
     ), day as (
       insert into active_days (day, member_id) select $4::date, member_id from touched on conflict do nothing
     )
     select p.member_id, p.last_active_at as previous from profiles p join touched t on t.member_id = p.member_id`,
    [memberIds, now.toISOString(), staleBefore.toISOString(), now.toISOString().slice(0, 10)],
  );
  return rows.map((row) => ({ memberId: Number(row.member_id), previous: new Date(row.previous) }));
}
