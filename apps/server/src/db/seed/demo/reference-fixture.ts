import { INTERESTS, type Country } from '@app/shared';
import type { Db } from '../../client.js';
import { interests, regions } from '../../schema/index.js';
import { PLACES } from './places.js';

/**
 * Stand-in reference data for the demo seed's tests and timing script, so they do not depend on
 * the reference seed: all interests, and the regions of the demo cities for every country except
 * those in `withoutRegions` (whose members then get no region, as the seed must allow).
 */
export async function insertReferenceFixture(db: Db, withoutRegions: readonly Country[] = []): Promise<void> {
  await db.insert(interests).values(INTERESTS.map((i) => ({ key: i.key, icon: i.icon })));
  const rows = new Map<string, { country: string; code: string; name: string }>();
  for (const [country, places] of Object.entries(PLACES)) {
    if (withoutRegions.includes(country as Country)) continue;
    for (const place of places) {
      const code = place.regionCodes[0] as string;
      rows.set(code, { country, code, name: place.regionName });
    }
  }
  await db.insert(regions).values([...rows.values()]);
}
