import { and, asc, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { VerificationOutcome } from '@app/shared';
import type { DbOrTx } from '../../db/client.js';
import { members, photoVerifications, photos, profiles } from '../../db/schema/index.js';

/** The member's latest request, or null if they never asked. */
export async function latestRequest(db: DbOrTx, memberId: number) {
  const [row] = await db
    .select({
      id: photoVerifications.id,
      status: photoVerifications.status,
      reason: photoVerifications.reason,
      pose: photoVerifications.pose,
      createdAt: photoVerifications.createdAt,
      decidedAt: photoVerifications.decidedAt,
    })
    .from(photoVerifications)
    .where(eq(photoVerifications.memberId, memberId))
    .orderBy(desc(photoVerifications.createdAt), desc(photoVerifications.id))
    .limit(1);
  return row ?? null;
}

/** How many requests the member made: the next pose is drawn for this attempt. */
export async function countRequests(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(photoVerifications)
    .where(eq(photoVerifications.memberId, memberId));
  return row?.n ?? 0;
}

/** The photo the badge was granted against, or null without a badge. */
export async function verifiedPhotoId(db: DbOrTx, memberId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: profiles.verifiedPhotoId })
    .from(profiles)
    .where(eq(profiles.memberId, memberId))
    .limit(1);
  return row?.id ?? null;
}

/** The member's main photo's id, or null without photos. */
export async function mainPhotoId(db: DbOrTx, memberId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.memberId, memberId), eq(photos.isMain, true)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The main photo's id, locked until the transaction ends: a deletion racing with an approval
 * waits, so the badge never points at a photo that is gone.
 */
export async function lockMainPhotoId(tx: DbOrTx, memberId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.memberId, memberId), eq(photos.isMain, true)))
    .limit(1)
    .for('update');
  return row?.id ?? null;
}

/** Stores a waiting request; fails on photo_verifications_pending_idx while one waits. */
export async function insertPending(db: DbOrTx, row: { memberId: number; pose: string; selfie: Buffer }) {
  await db.insert(photoVerifications).values({ ...row, status: 'pending' });
}

/**
 * Waiting requests of members not deleted, oldest first (by id, the order they arrived), after
 * the request `after` when given: keyset paging on photo_verifications_queue_idx, so a later page
 * costs what the first does, and a request decided or dropped meanwhile moves no other.
 */
export function listWaiting(db: DbOrTx, after: number | null, limit: number) {
  return db
    .select({
      id: photoVerifications.id,
      memberId: photoVerifications.memberId,
      pose: photoVerifications.pose,
      createdAt: photoVerifications.createdAt,
      name: profiles.name,
      domain: members.domain,
    })
    .from(photoVerifications)
    .innerJoin(members, eq(members.id, photoVerifications.memberId))
    .innerJoin(profiles, eq(profiles.memberId, photoVerifications.memberId))
    .where(
      and(
        eq(photoVerifications.status, 'pending'),
        after === null ? undefined : gt(photoVerifications.id, after),
        isNull(members.deletedAt),
      ),
    )
    .orderBy(asc(photoVerifications.id))
    .limit(limit);
}

/** The photos of these members, main first, then in display order. */
export function photosOf(db: DbOrTx, memberIds: number[]) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: photos.id, memberId: photos.memberId, isMain: photos.isMain, filename: photos.filename })
    .from(photos)
    .where(inArray(photos.memberId, memberIds))
    .orderBy(asc(photos.memberId), desc(photos.isMain), asc(photos.position));
}

/** A waiting request's selfie, or null when it is not waiting (decided: erased). */
export async function waitingSelfie(db: DbOrTx, id: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ selfie: photoVerifications.selfie })
    .from(photoVerifications)
    .where(and(eq(photoVerifications.id, id), eq(photoVerifications.status, 'pending')))
    .limit(1);
  return row?.selfie ?? null;
}

/**
 * Decides a waiting request and erases its selfie; guarded, so only one decision takes it.
 * The member's id, or null when it was not waiting.
 */
export async function decideRequest(
  db: DbOrTx,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null; photoId: number | null; at: Date },
): Promise<number | null> {
  const [row] = await db
    .update(photoVerifications)
    .set({
      status: decision.status,
      reason: decision.reason,
      photoId: decision.photoId,
      decidedAt: decision.at,
      selfie: null,
    })
    .where(and(eq(photoVerifications.id, id), eq(photoVerifications.status, 'pending')))
    .returning({ memberId: photoVerifications.memberId });
  return row?.memberId ?? null;
}

/** The member of a waiting request, or null. */
export async function waitingMember(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = await db
    .select({ memberId: photoVerifications.memberId })
    .from(photoVerifications)
    .where(and(eq(photoVerifications.id, id), eq(photoVerifications.status, 'pending')))
    .limit(1);
  return row?.memberId ?? null;
}

/** Grants the badge against `photoId`. */
export async function setVerifiedPhoto(db: DbOrTx, memberId: number, photoId: number): Promise<void> {
  await db.update(profiles).set({ verifiedPhotoId: photoId }).where(eq(profiles.memberId, memberId));
}

/** The outcome the member is to be told in the app, until they have seen it (or null: nothing to tell). */
export async function setNotice(db: DbOrTx, memberId: number, outcome: VerificationOutcome | null): Promise<void> {
  await db.update(profiles).set({ verificationNotice: outcome }).where(eq(profiles.memberId, memberId));
}

/** Clears the notice of `outcome` only: one of a newer decision, not yet seen, stays. */
export async function clearNoticeOf(db: DbOrTx, memberId: number, outcome: VerificationOutcome): Promise<void> {
  await db
    .update(profiles)
    .set({ verificationNotice: null })
    .where(and(eq(profiles.memberId, memberId), eq(profiles.verificationNotice, outcome)));
}

/** Drops the member's waiting request with its selfie (the account is being deleted). */
export async function deleteWaiting(db: DbOrTx, memberId: number): Promise<void> {
  await db
    .delete(photoVerifications)
    .where(and(eq(photoVerifications.memberId, memberId), eq(photoVerifications.status, 'pending')));
}
