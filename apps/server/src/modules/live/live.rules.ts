import type { ChatMessage, LiveEvent } from '@app/shared';
import type {
  ChatChannelEvent,
  CreditsEvent,
  LikesChannelEvent,
  VerificationEvent,
} from '../../platform/bus/events.js';

/** One live event for all open tabs of one member. */
export interface Delivery {
  memberId: number;
  event: LiveEvent;
}

/** A message as one of its two members receives it: `from_me` is worked out per receiver. */
function messageFor(message: Omit<ChatMessage, 'from_me'>, memberId: number): LiveEvent {
  return { type: 'message', message: { ...message, from_me: message.sender_id === memberId } };
}

/**
 * Who gets what of a chat event: a message goes to both members (the sender's other tabs
 * too), a read to the reader (`by_me`) and, when they may know of it, their partner, a hidden
 * chat only to its member.
 */
export function chatDeliveries(event: ChatChannelEvent): Delivery[] {
  switch (event.type) {
    case 'message': {
      const { message, recipient_id } = event;
      return [
        { memberId: message.sender_id, event: messageFor(message, message.sender_id) },
        { memberId: recipient_id, event: messageFor(message, recipient_id) },
      ];
    }
    case 'read': {
      const own: Delivery = {
        memberId: event.member_id,
        event: { type: 'read', conversation_id: event.conversation_id, by_me: true },
      };
      if (event.seen_at === null) return [own];
      const partners: Delivery = {
        memberId: event.partner_id,
        event: { type: 'read', conversation_id: event.conversation_id, by_me: false, at: event.seen_at },
      };
      return [own, partners];
    }
    case 'hidden':
      return [{ memberId: event.member_id, event: { type: 'chat_hidden', conversation_id: event.conversation_id } }];
  }
}

/** The partner's typing, as their watching tabs get it; `ago` on a replay (ms since it arrived). */
export function typingEvent(conversationId: number, typistId: number, ago?: number): LiveEvent {
  return {
    type: 'typing',
    conversation_id: conversationId,
    member_id: typistId,
    ...(ago === undefined ? {} : { ago }),
  };
}

/** A like goes to the member liked; a match to both members, each told the other's id. */
export function likesDeliveries(event: LikesChannelEvent): Delivery[] {
  switch (event.type) {
    case 'like':
      return [{ memberId: event.liked_id, event: { type: 'like', liker_id: event.liker_id } }];
    case 'match': {
      const [a, b] = event.member_ids;
      return [
        { memberId: a, event: { type: 'match', member_id: b } },
        { memberId: b, event: { type: 'match', member_id: a } },
      ];
    }
  }
}

/** A new balance goes to its member. */
export function creditsDeliveries(event: CreditsEvent): Delivery[] {
  return [{ memberId: event.member_id, event: { type: 'credits', credits: event.credits } }];
}

/** A verification decision goes to its member only. */
export function verificationDeliveries(event: VerificationEvent): Delivery[] {
  return [{ memberId: event.member_id, event: { type: 'verification', outcome: event.outcome } }];
}

/**
 * What a reconnecting tab gets before `hello`: the messages it missed, oldest first, or one
 * `resync` when more than `limit` were missed (`missed` holds up to limit + 1 of them).
 */
export function catchUpEvents(missed: readonly ChatMessage[], limit: number): LiveEvent[] {
  if (missed.length > limit) return [{ type: 'resync' }];
  return missed.map((message) => ({ type: 'message', message }));
}

/** The message id an event announces, if it announces one: duplicates are dropped by it. */
export function messageIdOf(event: LiveEvent): number | null {
  return event.type === 'message' ? event.message.id : null;
}
