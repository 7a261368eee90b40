import type { ProfileCard } from '@app/shared';

/** What the activity marker says: online now, active today, active this week, or nothing. */
export type Activity = 'online' | 'today' | 'week' | null;

export function activityOf(card: Pick<ProfileCard, 'online' | 'recently_active' | 'active_this_week'>): Activity {
  if (card.online) return 'online';
  if (card.recently_active) return 'today';
  return card.active_this_week ? 'week' : null;
}

/** The marker's text (namespace member), the same on cards, profiles and the chat header. */
export const ACTIVITY_TEXT = {
  online: 'memberView.online',
  today: 'memberView.today',
  week: 'memberView.week',
} as const;
