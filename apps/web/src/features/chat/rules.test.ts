import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './api/contract';
import {
  dayKind,
  groupByDay,
  isSendKey,
  lengthState,
  listTime,
  messagesInOrder,
  minimumMessageCost,
  newPartnerMessage,
  nextMessageCost,
  parseChatId,
  previewKind,
  promptOf,
  seenMessageId,
  shouldOpenIcebreaker,
  thumbSize,
  typingShown,
} from './rules';

function message(id: number, at: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    conversation_id: 5,
    sender_id: 12,
    from_me: false,
    kind: 'text',
    body: `bericht ${id}`,
    image: null,
    gift: null,
    credits: 0,
    at,
    ...overrides,
  };
}

describe('parseChatId', () => {
  it('takes whole positive numbers only', () => {
    expect(parseChatId('42')).toBe(42);
    expect(parseChatId('0')).toBeNull();
    expect(parseChatId('4a')).toBeNull();
    expect(parseChatId(undefined)).toBeNull();
  });
});

describe('messagesInOrder', () => {
  it('puts the pages oldest first and keeps a message the live channel added twice once', () => {
    const newest = { messages: [message(9, '2026-03-02T10:00:00'), message(8, '2026-03-02T09:00:00')] };
    const older = { messages: [message(7, '2026-03-01T10:00:00'), message(6, '2026-03-01T09:00:00')] };
    const withDuplicate = { messages: [message(9, '2026-03-02T10:00:00'), ...newest.messages] };
    expect(messagesInOrder([withDuplicate, older]).map((m) => m.id)).toEqual([6, 7, 8, 9]);
  });
});

describe('groupByDay', () => {
  it('starts a group at every new local day', () => {
    const groups = groupByDay([
      message(1, '2026-03-01T09:00:00'),
      message(2, '2026-03-01T23:59:00'),
      message(3, '2026-03-02T00:01:00'),
    ]);
    expect(groups.map((group) => [group.day, group.items.map((m) => m.id)])).toEqual([
      ['2026-03-01', [1, 2]],
      ['2026-03-02', [3]],
    ]);
  });

  it('has no groups without messages', () => {
    expect(groupByDay([])).toEqual([]);
  });
});

describe('dayKind', () => {
  const now = new Date('2026-03-02T08:00:00');
  it('names today and yesterday, and dates before', () => {
    expect(dayKind(new Date('2026-03-02T00:30:00'), now)).toBe('today');
    expect(dayKind(new Date('2026-03-01T23:30:00'), now)).toBe('yesterday');
    expect(dayKind(new Date('2026-02-28T12:00:00'), now)).toBe('date');
  });
});

describe('listTime', () => {
  const now = new Date('2026-03-10T15:00:00');
  it('says minutes within the hour, the time today, yesterday, the weekday, else the date', () => {
    expect(listTime(new Date('2026-03-10T14:55:00'), now, 'en-GB')).toBe('5 min ago');
    expect(listTime(new Date('2026-03-10T09:05:00'), now, 'en-GB')).toBe('09:05');
    expect(listTime(new Date('2026-03-09T09:05:00'), now, 'nl-NL')).toBe('gisteren');
    expect(listTime(new Date('2026-03-06T09:05:00'), now, 'en-GB')).toBe('Fri');
    expect(listTime(new Date('2026-02-01T09:05:00'), now, 'en-GB')).toBe('1 Feb');
  });
});

describe('previewKind', () => {
  it('previews text, or labels photos and gifts', () => {
    const last = { body: 'Hoi', kind: 'text' as const, from_me: true, at: '2026-03-01T09:00:00Z' };
    expect(previewKind({ last_message: last })).toBe('text');
    expect(previewKind({ last_message: { ...last, kind: 'image', body: '' } })).toBe('image');
    expect(previewKind({ last_message: { ...last, kind: 'gift', body: '' } })).toBe('gift');
    expect(previewKind({ last_message: null })).toBe('none');
  });
});

describe('nextMessageCost', () => {
  it('is free while free messages are left, else the message price', () => {
    expect(nextMessageCost(2, 10)).toEqual({ free: true, left: 2 });
    expect(nextMessageCost(0, 10)).toEqual({ free: false, credits: 10 });
  });
});

describe('minimumMessageCost', () => {
  const costs = { NL: { costs: 99, currency: 'EUR' }, PL: { costs: 450, currency: 'PLN' } };
  it("formats the member's country's price as money in the member's language", () => {
    // Intl puts no-break spaces between amount and symbol.
    expect(minimumMessageCost(costs, 'NL', 'nl-NL')?.replace(/\s/g, ' ')).toBe('€ 0,99');
    expect(minimumMessageCost(costs, 'PL', 'pl-PL')?.replace(/\s/g, ' ')).toBe('4,50 zł');
  });

  it('is null for a country without a price', () => {
    expect(minimumMessageCost(costs, 'DE', 'de-DE')).toBeNull();
  });
});

describe('promptOf', () => {
  it('asks to buy, go premium or confirm the e-mail, by the refusal', () => {
    expect(promptOf({ status: 402, error: 'insufficient_credits' })).toBe('buy');
    expect(promptOf({ status: 403, error: 'conversation_limit_reached' })).toBe('premium');
    expect(promptOf({ status: 403, error: 'account_not_confirmed' })).toBe('confirm');
    expect(promptOf({ status: 400, error: 'validation_failed' })).toBeNull();
  });
});

describe('shouldOpenIcebreaker', () => {
  it('opens on an empty open chat the member did not dismiss it on', () => {
    expect(shouldOpenIcebreaker({ messages: 0, closed: false, dismissed: false })).toBe(true);
    expect(shouldOpenIcebreaker({ messages: 1, closed: false, dismissed: false })).toBe(false);
    expect(shouldOpenIcebreaker({ messages: 0, closed: true, dismissed: false })).toBe(false);
    expect(shouldOpenIcebreaker({ messages: 0, closed: false, dismissed: true })).toBe(false);
  });
});

describe('lengthState', () => {
  it('shows the counter near the limit and marks it over', () => {
    expect(lengthState(10, 100)).toBe('hidden');
    expect(lengthState(80, 100)).toBe('near');
    expect(lengthState(100, 100)).toBe('near');
    expect(lengthState(101, 100)).toBe('over');
  });
});

describe('isSendKey', () => {
  it('sends on Enter, not on Shift+Enter or while composing', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true, isComposing: false })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false, isComposing: false })).toBe(false);
  });
});

describe('newPartnerMessage', () => {
  it("finds the partner's newest message after the last one seen", () => {
    const messages = [
      message(12, '2026-03-02T10:00:00', { from_me: true }),
      message(11, '2026-03-02T09:00:00'),
      message(10, '2026-03-02T08:00:00'),
    ];
    expect(newPartnerMessage(messages, 10)).toBe(11);
    expect(newPartnerMessage(messages, 11)).toBeNull();
  });
});

describe('thumbSize', () => {
  it('keeps the proportions within the box and never enlarges', () => {
    expect(thumbSize({ width: 1200, height: 800 }, 240)).toEqual({ width: 240, height: 160 });
    expect(thumbSize({ width: 600, height: 1200 }, 240)).toEqual({ width: 120, height: 240 });
    expect(thumbSize({ width: 100, height: 80 }, 240)).toEqual({ width: 100, height: 80 });
  });
});

describe('typingShown', () => {
  it("shows the partner's typing for TYPING_SHOWN_MS after their last event", () => {
    expect(typingShown(null, 8, 1_000)).toBe(false);
    expect(typingShown({ member_id: 8, at: 1_000 }, 8, 1_000)).toBe(true);
    expect(typingShown({ member_id: 8, at: 1_000 }, 8, 5_999)).toBe(true);
    expect(typingShown({ member_id: 8, at: 1_000 }, 8, 6_000)).toBe(false);
    expect(typingShown({ member_id: 9, at: 1_000 }, 8, 1_000)).toBe(false);
  });
});

describe('seenMessageId', () => {
  const mine = (id: number, at: string) => message(id, at, { from_me: true });
  it("is the member's newest message sent at or before the partner's read", () => {
    const messages = [
      mine(1, '2026-01-02T10:00:00Z'),
      message(2, '2026-01-02T10:01:00Z'),
      mine(3, '2026-01-02T10:02:00Z'),
      mine(4, '2026-01-02T10:05:00Z'),
    ];
    expect(seenMessageId(messages, null)).toBeNull();
    expect(seenMessageId(messages, '2026-01-02T09:00:00Z')).toBeNull();
    expect(seenMessageId(messages, '2026-01-02T10:02:00Z')).toBe(3);
    expect(seenMessageId(messages, '2026-01-02T10:04:00Z')).toBe(3);
    expect(seenMessageId(messages, '2026-01-03T00:00:00Z')).toBe(4);
    expect(seenMessageId([message(2, '2026-01-02T10:01:00Z')], '2026-01-03T00:00:00Z')).toBeNull();
  });
});
