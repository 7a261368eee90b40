import type { ProfileCard } from '@app/shared';

/** What the activity marker says: online now, active lately, or nothing. */
export type Activity = 'online' | 'recent' | null;

export function activityOf(card: Pick<ProfileCard, 'online' | 'recently_active'>): Activity {
  if (card.online) return 'online';
  return card.recently_active ? 'recent' : null;
}
