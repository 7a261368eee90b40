import { ONLINE_MINUTES, RECENTLY_ACTIVE_HOURS } from '@app/shared';

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
  recently_active: boolean;
}

/**
 * The one rule for what presence a viewer sees of a member: online and recently active from the
 * last activity, except that an invisible member shows neither to anyone but themself, wherever
 * others still meet them (their chats, their blocked list). `viewerId` is null for a visitor.
 */
export function presenceSeenBy(
  member: { id: number; invisible: boolean; lastActiveAt: Date },
  viewerId: number | null,
  now: Date,
): Presence {
  if (member.invisible && member.id !== viewerId) return { online: false, recently_active: false };
  const ago = now.getTime() - member.lastActiveAt.getTime();
  return { online: ago <= ONLINE_MINUTES * 60_000, recently_active: ago <= RECENTLY_ACTIVE_HOURS * 3_600_000 };
}

/**
 * When the presence a viewer sees (presenceSeenBy) next changes with time alone, or null when it
 * no longer does (invisible to the viewer, or inactive for longer than RECENTLY_ACTIVE_HOURS).
 * New activity is a write, announced by whoever notes it.
 */
export function presenceChangesAt(
  member: { id: number; invisible: boolean; lastActiveAt: Date },
  viewerId: number | null,
  now: Date,
): Date | null {
  if (member.invisible && member.id !== viewerId) return null;
  const active = member.lastActiveAt.getTime();
  for (const lasts of [ONLINE_MINUTES * 60_000, RECENTLY_ACTIVE_HOURS * 3_600_000]) {
    if (active + lasts >= now.getTime()) return new Date(active + lasts + 1);
  }
  return null;
}
