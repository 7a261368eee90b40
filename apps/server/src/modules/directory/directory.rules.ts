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
