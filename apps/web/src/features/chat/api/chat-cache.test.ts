import { describe, expect, it } from 'vitest';
import { buildChat, buildEntry, buildMessage } from '../testing/api-stub';
import { withMessage, withoutChat, withoutUnread, withSentMessage, type ChatPages } from './chat-cache';

function pages(...messageIds: number[][]): ChatPages {
  return {
    pages: messageIds.map((ids) => buildChat({ messages: ids.map((id) => buildMessage({ id })) })),
    pageParams: messageIds.map((_, index) => (index === 0 ? null : 100 - index)),
  };
}

describe('withMessage', () => {
  it('puts a sent message first on the newest page with the free messages left', () => {
    const after = withMessage(pages([3, 2], [1]), buildMessage({ id: 4, from_me: true }), 2);
    expect(after.pages[0]?.messages.map((m) => m.id)).toEqual([4, 3, 2]);
    expect(after.pages[0]?.free_messages_left).toBe(2);
    expect(after.pages[1]?.messages.map((m) => m.id)).toEqual([1]);
  });

  it('keeps a message the live channel put there first once', () => {
    const after = withMessage(pages([4, 3]), buildMessage({ id: 4 }));
    expect(after.pages[0]?.messages.map((m) => m.id)).toEqual([4, 3]);
  });
});

describe('the chat list', () => {
  const list = { chats: [buildEntry({ id: 5, num_unread_messages: 2 }), buildEntry({ id: 6 })] };

  it('moves the chat of a sent message first, previewing it as the member’s', () => {
    const after = withSentMessage(list, buildMessage({ id: 9, conversation_id: 6, from_me: true, body: 'Tot zo' }));
    expect(after?.chats.map((chat) => chat.id)).toEqual([6, 5]);
    expect(after?.chats[0]?.last_message).toMatchObject({ body: 'Tot zo', from_me: true, kind: 'text' });
  });

  it('needs the server for a chat it does not list yet', () => {
    expect(withSentMessage(list, buildMessage({ conversation_id: 77 }))).toBeNull();
  });

  it('reads a chat and drops a deleted one', () => {
    expect(withoutUnread(list, 5).chats[0]?.num_unread_messages).toBe(0);
    expect(withoutUnread(list, 6)).toBe(list);
    expect(withoutChat(list, 5).chats.map((chat) => chat.id)).toEqual([6]);
  });
});
