import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { members, photos, profiles } from '../../db/schema/index.js';

const WAITING = ['pending', 'pending_live'] as const;

/** Where a queue page starts: after this upload time (Postgres text, to the microsecond) and id. */
export interface QueueCursor {
  createdAt: string;
  id: number;
}

/**
 * Photos waiting for review of members that are not deleted, oldest first, after `cursor`
 * (photos_review_idx holds exactly the waiting rows in upload order).
 */
export function listWaitingPhotos(db: DbOrTx, cursor: QueueCursor | null, limit: number) {
  return db
    .select({
      id: photos.id,
      memberId: photos.memberId,
      review: photos.review,
      isMain: photos.isMain,
      filename: photos.filename,
      thumbFilename: photos.thumbFilename,
      createdAt: photos.createdAt,
      cursorTime: sql<string>`${photos.createdAt}::text`,
      name: profiles.name,
      domain: members.domain,
    })
    .from(photos)
    .innerJoin(members, eq(members.id, photos.memberId))
    .innerJoin(profiles, eq(profiles.memberId, photos.memberId))
    .where(
      and(
        inArray(photos.review, [...WAITING]),
        isNull(members.deletedAt),
        cursor === null
          ? undefined
          : sql`(${photos.createdAt}, ${photos.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id})`,
      ),
    )
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(limit);
}

/** A photo while it waits for review; null when it does not (any more). */
export async function findWaitingPhoto(db: DbOrTx, photoId: number) {
  const [row] = await db
    .select({ id: photos.id, memberId: photos.memberId, review: photos.review })
    .from(photos)
    .where(and(eq(photos.id, photoId), inArray(photos.review, [...WAITING])))
    .limit(1);
  return row ?? null;
}

/** Approves a waiting photo; guarded, so only one decision takes it. The member id, or null. */
export async function approvePhoto(db: DbOrTx, photoId: number): Promise<number | null> {
  const [row] = await db
    .update(photos)
    .set({ review: 'approved' })
    .where(and(eq(photos.id, photoId), inArray(photos.review, [...WAITING])))
    .returning({ memberId: photos.memberId });
  return row?.memberId ?? null;
}
