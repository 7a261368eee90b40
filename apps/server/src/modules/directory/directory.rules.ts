import { ACTIVE_WEEK_DAYS, ONLINE_MINUTES, RECENTLY_ACTIVE_HOURS } from '@app/shared';

/** What decides whether others may find a member, as read with the member's row. */
export interface FindableFacts {
  deletedAt: Date | null;
  invisible: boolean;
  profileStatus: 'active' | 'disabled';
}

/** The twin of findableFor (directory.repository) for a row already read: what a visitor may find. */
export function isFindable(member: FindableFacts): boolean {
  return member.deletedAt === null && !member.invisible && member.profileStatus === 'active';
}

/**
 * Whether a viewer may open a member's profile: their own always; another's when findable and
 * the member did not block the viewer. A member the viewer blocked stays viewable, so it can be
 * unblocked there.
 */
export function mayViewProfile(member: FindableFacts, viewer: { self: boolean; blockedByMember: boolean }): boolean {
  return viewer.self || (isFindable(member) && !viewer.blockedByMember);
}

/** What a viewer is told of a member's activity; the time itself is never sent. */
export interface Presence {
  online: boolean;
  /** Active today: within RECENTLY_ACTIVE_HOURS. */
  recently_active: boolean;
  /** Active this week: within ACTIVE_WEEK_DAYS. */
  active_this_week: boolean;
}

/** What presence is worked out from; `blocked` (either way, with the viewer) where the viewer meets a blocked member. */
export interface PresenceFacts {
  id: number;
  invisible: boolean;
  lastActiveAt: Date;
  blocked?: boolean;
}

const ONLINE_MS = ONLINE_MINUTES * 60_000;
const TODAY_MS = RECENTLY_ACTIVE_HOURS * 3_600_000;
const WEEK_MS = ACTIVE_WEEK_DAYS * 86_400_000;

/**
 * Whether a viewer learns anything of a member's presence: whether they are online or were
 * lately, that they are typing, that they read a message. Not of an invisible member (but
 * themself), nor across a block either way. `blocked` is whether either blocked the other.
 */
export function showsPresenceTo(
  member: { id: number; invisible: boolean },
  viewerId: number | null,
  blocked: boolean,
): boolean {
  return member.id === viewerId || (!member.invisible && !blocked);
}

/**
 * The one rule for what presence a viewer sees of a member: online, active today and this week
 * from the last activity, unless showsPresenceTo says the viewer learns nothing of it, wherever
 * others still meet them (their chats, their blocked list). `viewerId` is null for a visitor.
 */
export function presenceSeenBy(member: PresenceFacts, viewerId: number | null, now: Date): Presence {
  if (!showsPresenceTo(member, viewerId, member.blocked ?? false))
    return { online: false, recently_active: false, active_this_week: false };
  const ago = now.getTime() - member.lastActiveAt.getTime();
  return { online: ago <= ONLINE_MS, recently_active: ago <= TODAY_MS, active_this_week: ago <= WEEK_MS };
}

/**
 * When the presence a viewer sees (presenceSeenBy) next changes with time alone, or null when it
 * no longer does (invisible to the viewer, or inactive for longer than ACTIVE_WEEK_DAYS).
 * New activity is a write, announced by whoever notes it.
 */
export function presenceChangesAt(member: PresenceFacts, viewerId: number | null, now: Date): Date | null {
  if (!showsPresenceTo(member, viewerId, member.blocked ?? false)) return null;
  const active = member.lastActiveAt.getTime();
  for (const lasts of [ONLINE_MS, TODAY_MS, WEEK_MS]) {
    if (active + lasts >= now.getTime()) return new Date(active + lasts + 1);
  }
  return null;
}
