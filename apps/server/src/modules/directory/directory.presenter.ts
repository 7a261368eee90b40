import type { ProfileCard } from '@app/shared';
import { mediaUrl } from '../../platform/storage/index.js';
import { ageOn } from '../accounts/accounts.rules.js';
import type { CardRow } from './directory.repository.js';
import { presenceSeenBy } from './directory.rules.js';

export interface PresentContext {
  cdnPrefix: string;
  now: Date;
  /** Who the answer is for (null for a visitor): presence depends on it. */
  viewerId: number | null;
}

/**
 * A member card, field by field: the birth date and the exact last activity never leave, and
 * presence is what the viewer may see (presenceSeenBy). Every list of members answers these.
 */
export function presentCard(row: CardRow, context: PresentContext): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, context.now),
    city: row.city,
    region_id: row.regionId,
    country: row.country,
    thumb: row.thumbFilename === null ? null : mediaUrl(context.cdnPrefix, row.thumbFilename),
    match: row.matchFilename === null ? null : mediaUrl(context.cdnPrefix, row.matchFilename),
    fictional: row.fictional,
    ...presenceSeenBy(row, context.viewerId, context.now),
  };
}
