import { describe, expect, it } from 'vitest';
import { isMembersArea } from './members-area';

describe('isMembersArea', () => {
  it('covers members, a member, chats, likes and premium', () => {
    for (const path of ['/members', '/members/12', '/chats', '/likes', '/likes/given', '/likes/m/4', '/premium']) {
      expect(isMembersArea(path)).toBe(true);
    }
  });

  it('leaves out the other pages', () => {
    for (const path of ['/', '/profile', '/settings', '/swipe-game', '/members/12/chat', '/login']) {
      expect(isMembersArea(path)).toBe(false);
    }
  });
});
