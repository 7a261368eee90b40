import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { complaints } from '../../db/schema/index.js';

export type ComplaintRow = typeof complaints.$inferSelect;
export type NewComplaint = typeof complaints.$inferInsert;

/** Stores a complaint; its status starts as the table's default, 'open'. */
export async function insertComplaint(db: DbOrTx, values: NewComplaint): Promise<ComplaintRow> {
  const [row] = await db.insert(complaints).values(values).returning();
  return row!;
}

/**
 * Blanks what identifies the sender in the complaints of members being erased: name, address,
 * subject and text. The row stays, as a record that a complaint was made and how it was
 * handled; its member_id goes with the member row (set null).
 */
export async function anonymizeMemberComplaints(db: DbOrTx, memberIds: number[]): Promise<void> {
  if (memberIds.length === 0) return;
  await db
    .update(complaints)
    .set({ name: '', email: '', subject: null, message: '' })
    .where(inArray(complaints.memberId, memberIds));
}
