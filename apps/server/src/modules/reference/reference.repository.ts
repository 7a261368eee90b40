import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { interests, regions } from '../../db/schema/index.js';

export type InterestRow = typeof interests.$inferSelect;
export type RegionRow = typeof regions.$inferSelect;

export async function listInterests(db: DbOrTx): Promise<InterestRow[]> {
  return db.select().from(interests).orderBy(asc(interests.id));
}

export async function listRegions(db: DbOrTx): Promise<RegionRow[]> {
  return db.select().from(regions).orderBy(asc(regions.country), asc(regions.name));
}
