import type { DbOrTx } from '../../db/client.js';
import { complaints } from '../../db/schema/index.js';

export type ComplaintRow = typeof complaints.$inferSelect;
export type NewComplaint = typeof complaints.$inferInsert;

/** Stores a complaint; its status starts as the table's default, 'open'. */
export async function insertComplaint(db: DbOrTx, values: NewComplaint): Promise<ComplaintRow> {
  const [row] = await db.insert(complaints).values(values).returning();
  return row!;
}
