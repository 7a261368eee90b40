import { describe, expect, it } from 'vitest';
import { countNewLikes, countUnreadMessages } from './use-activity-counts';

describe('countUnreadMessages', () => {
  it('adds up the unread messages of every chat', () => {
    const chats = { chats: [{ num_unread_messages: 2 }, { num_unread_messages: 0 }, { num_unread_messages: 5 }] };
    expect(countUnreadMessages(chats)).toBe(7);
  });

  it('is 0 without a chat list', () => {
    expect(countUnreadMessages(undefined)).toBe(0);
    expect(countUnreadMessages({ chats: null })).toBe(0);
  });
});

describe('countNewLikes', () => {
  it('counts the likes received that are still new', () => {
    const likes = { profiles: [{ id: 1, like_new: true }], liked_by: [{ id: 2, like_new: true }, { id: 3, like_new: false }] };
    expect(countNewLikes(likes)).toBe(1);
  });
});
