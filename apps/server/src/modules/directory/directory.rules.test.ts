import { describe, expect, it } from 'vitest';
import {
  isFindable,
  mayViewProfile,
  presenceChangesAt,
  presenceSeenBy,
  showsPresenceTo,
  type FindableFacts,
} from './directory.rules.js';

const visible: FindableFacts = { deletedAt: null, invisible: false, profileStatus: 'active' };
const hidden: Record<string, FindableFacts> = {
  deleted: { ...visible, deletedAt: new Date('2026-01-01T00:00:00Z') },
  invisible: { ...visible, invisible: true },
  disabled: { ...visible, profileStatus: 'disabled' },
};

describe('isFindable', () => {
  it('finds a visible member with an active profile', () => {
    expect(isFindable(visible)).toBe(true);
  });

  it('leaves out deleted, invisible and disabled members', () => {
    for (const [why, member] of Object.entries(hidden)) expect(isFindable(member), why).toBe(false);
  });
});

describe('mayViewProfile', () => {
  const stranger = { self: false, blockedByMember: false };
  it('shows a findable member to others, unless the member blocked the viewer', () => {
    expect(mayViewProfile(visible, stranger)).toBe(true);
    expect(mayViewProfile(visible, { self: false, blockedByMember: true })).toBe(false);
  });

  it('hides members others may not find, except from themselves', () => {
    for (const [why, member] of Object.entries(hidden)) {
      expect(mayViewProfile(member, stranger), why).toBe(false);
      expect(mayViewProfile(member, { self: true, blockedByMember: false }), why).toBe(true);
    }
  });
});

describe('presenceSeenBy', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  const member = (minutes: number, invisible = false) => ({
    id: 7,
    invisible,
    lastActiveAt: new Date(now.getTime() - minutes * 60_000),
  });
  const seen = (online: boolean, today: boolean, week: boolean) => ({
    online,
    recently_active: today,
    active_this_week: week,
  });
  it('tells online, active today, active this week and away apart', () => {
    expect(presenceSeenBy(member(5), 8, now)).toEqual(seen(true, true, true));
    expect(presenceSeenBy(member(6), 8, now)).toEqual(seen(false, true, true));
    expect(presenceSeenBy(member(24 * 60), null, now)).toEqual(seen(false, true, true));
    expect(presenceSeenBy(member(24 * 60 + 1), 8, now)).toEqual(seen(false, false, true));
    expect(presenceSeenBy(member(7 * 24 * 60), 8, now)).toEqual(seen(false, false, true));
    expect(presenceSeenBy(member(7 * 24 * 60 + 1), 8, now)).toEqual(seen(false, false, false));
  });

  it('shows an invisible member as away to everyone but themself', () => {
    expect(presenceSeenBy(member(1, true), 8, now)).toEqual(seen(false, false, false));
    expect(presenceSeenBy(member(1, true), null, now)).toEqual(seen(false, false, false));
    expect(presenceSeenBy(member(1, true), 7, now)).toEqual(seen(true, true, true));
  });
});

describe('showsPresenceTo', () => {
  it('tells nothing of an invisible member, nor across a block, but always to oneself', () => {
    expect(showsPresenceTo({ id: 7, invisible: false }, 8, false)).toBe(true);
    expect(showsPresenceTo({ id: 7, invisible: true }, 8, false)).toBe(false);
    expect(showsPresenceTo({ id: 7, invisible: false }, 8, true)).toBe(false);
    expect(showsPresenceTo({ id: 7, invisible: true }, 7, false)).toBe(true);
  });
});

describe('presenceChangesAt', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const activeAgo = (ms: number) => ({ id: 2, invisible: false, lastActiveAt: new Date(now.getTime() - ms) });

  it('is the first moment presenceSeenBy answers differently, by time alone', () => {
    for (const ago of [0, 60_000, 5 * 60_000, 6 * 60_000, 23 * 3_600_000, 24 * 3_600_000, 6 * 86_400_000]) {
      const member = activeAgo(ago);
      const at = presenceChangesAt(member, 1, now)!;
      const before = new Date(at.getTime() - 1);
      expect(presenceSeenBy(member, 1, before), `${ago}`).toEqual(presenceSeenBy(member, 1, now));
      expect(presenceSeenBy(member, 1, at), `${ago}`).not.toEqual(presenceSeenBy(member, 1, now));
    }
  });

  it('is null once nothing changes with time: long inactive, or invisible to the viewer', () => {
    expect(presenceChangesAt(activeAgo(7 * 86_400_000 + 1), 1, now)).toBeNull();
    expect(presenceChangesAt({ ...activeAgo(0), invisible: true }, 1, now)).toBeNull();
    expect(presenceChangesAt({ ...activeAgo(0), invisible: true }, 2, now)).not.toBeNull();
  });
});
