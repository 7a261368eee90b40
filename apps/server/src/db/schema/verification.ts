import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, photos } from './members.js';

/** Binary data: Buffer on both drivers (PGlite answers a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A member's request for the verified badge: a selfie in the pose the site asked for, judged by a
 * moderator against the member's photos. The selfie lives only here, never in the public media
 * storage, and is erased (set null) when the request is decided or the account is deleted.
 */
export const photoVerifications = pgTable(
  'photo_verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** One of VERIFICATION_POSES. */
    pose: text('pose').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The re-encoded selfie (WebP) while the request waits; null once decided. */
    selfie: bytea('selfie'),
    /** The moderator's reason for a rejection, shown to the member. */
    reason: text('reason'),
    /** The photo the approval was judged against (the main photo then). */
    photoId: bigint('photo_id', { mode: 'number' }).references(() => photos.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One waiting request per member, whatever races: a second insert fails on this index.
    uniqueIndex('photo_verifications_pending_idx')
      .on(t.memberId)
      .where(sql`${t.status} = 'pending'`),
    // The console's queue, oldest first (ids grow in the order requests arrive), paged by id.
    index('photo_verifications_queue_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    // The member's latest request (status, the next pose, the export).
    index('photo_verifications_member_idx').on(t.memberId, t.createdAt),
  ],
);
