import type { ProfileCard } from '@app/shared';
import { mediaUrl } from '../../platform/storage/index.js';
import { answerShows } from '../../plugins/member-answers.js';
import { ageOn } from '../accounts/accounts.rules.js';
import type { CardRow } from './directory.repository.js';
import { presenceChangesAt, presenceSeenBy, type PresenceFacts } from './directory.rules.js';

export interface PresentContext {
  cdnPrefix: string;
  now: Date;
  /** Who the answer is for (null for a visitor): presence depends on it. */
  viewerId: number | null;
}

/** The next UTC midnight: ages (ageOn) change only then. */
function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * A member card, field by field: the birth date and the exact last activity never leave, and
 * presence is what the viewer may see (presenceSeenBy; `blocked` where a blocked pair still meets). Every list of members answers these.
 * A remembered answer (member-answers) learns whom it shows, and until when age and presence
 * stay as shown.
 */
export function presentCard(row: CardRow & Pick<PresenceFacts, 'blocked'>, context: PresentContext): ProfileCard {
  answerShows(row.id, () => {
    const presenceChanges = presenceChangesAt(row, context.viewerId, context.now);
    const ageChanges = nextUtcMidnight(context.now);
    return presenceChanges && presenceChanges < ageChanges ? presenceChanges : ageChanges;
  });
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
    verified: row.verified,
    ...presenceSeenBy(row, context.viewerId, context.now),
  };
}
