import type { FastifyBaseLogger } from 'fastify';
import type { ChatQuery, ChatResponse, ChatsResponse, SendMessageBody, SendMessageResponse } from '@app/shared';
import { CHAT_PAGE_SIZE, FREE_CONVERSATION_LIMIT } from '@app/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import type { Bus } from '../../platform/bus/index.js';
import { presentCard } from '../members/members.presenter.js';
import { isBlockedEitherWay, isFindableMember } from '../members/members.repository.js';
import { presentLastMessage, presentMessage } from './chat.presenter.js';
import {
  countSentMessages,
  countStartedConversations,
  findCard,
  findConversationOfPair,
  findOrCreateConversation,
  findPartner,
  hideChat,
  insertMessage,
  lastMessages,
  listChats,
  listMessages,
  lockSender,
  markRead,
  spendCredits,
  takePendingFirstMessages,
} from './chat.repository.js';

/** Published on the bus for every delivered message; the live channel and push listen. */
export const MESSAGE_CHANNEL = 'chat.message';
export interface MessageEvent {
  conversationId: number;
  messageId: number;
  senderId: number;
  recipientId: number;
}

export interface ChatServiceDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** The site settings the chat needs: media URLs, message costs and length. */
export interface ChatSite {
  cdn_prefix: string;
  message_credits: number;
  message_length: number;
  free_messages: number;
}

export const accountNotConfirmed = () => new AppError(403, 'account_not_confirmed');
export const conversationLimitReached = () => new AppError(403, 'conversation_limit_reached');
export const insufficientCredits = () => new AppError(402, 'insufficient_credits');

/** Conversations and messages. */
export type ChatService = ReturnType<typeof createChatService>;

export function createChatService(deps: ChatServiceDeps) {
  const { db, bus, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Announces delivered messages; a bus failure never undoes a delivery. */
  async function announce(events: MessageEvent[]): Promise<void> {
    for (const event of events) {
      await bus.publish(MESSAGE_CHANNEL, event).catch((err: unknown) => {
        log.error({ err, conversationId: event.conversationId }, 'publishing a message event failed');
      });
    }
  }

  return {
    /**
     * Delivers the first messages a member wrote while signing up through /members/{id}/signup,
     * now that the e-mail address is confirmed (spec section 4). Runs inside the confirmation's
     * transaction, so the account is confirmed and its messages sent together or not at all.
     * A recipient who meanwhile became unreachable (deleted, invisible, disabled, or blocked
     * either way) does not get it. Signup messages cost nothing: they were written before the
     * member could buy credits. Returns the events to publish once the transaction committed.
     */
    async deliverPendingFirstMessages(tx: DbOrTx, memberId: number): Promise<MessageEvent[]> {
      const events: MessageEvent[] = [];
      const at = now();
      for (const pending of await takePendingFirstMessages(tx, memberId)) {
        const reachable =
          (await isFindableMember(tx, pending.recipientId)) &&
          !(await isBlockedEitherWay(tx, memberId, pending.recipientId));
        if (!reachable) continue;
        const conversation = await findOrCreateConversation(tx, memberId, pending.recipientId, memberId);
        const message = await insertMessage(tx, {
          conversationId: conversation.id,
          senderId: memberId,
          body: pending.body,
          at,
        });
        events.push({
          conversationId: conversation.id,
          messageId: message.id,
          senderId: memberId,
          recipientId: pending.recipientId,
        });
      }
      return events;
    },

    /**
     * POST /api/message.php. Runs in one transaction that first locks the sender's row (see
     * lockSender): the checks, the message, the debit and its ledger row commit together or not
     * at all, and the message is announced only after it is stored.
     */
    async send(senderId: number, input: SendMessageBody, site: ChatSite): Promise<SendMessageResponse> {
      const body = input.body.trim();
      if (body === '') throw validationFailed({ body: 'field_required' });
      if (body.length > site.message_length) {
        throw validationFailed({ body: { key: 'field_too_long', params: { max: site.message_length } } });
      }
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const sender = await lockSender(tx, senderId);
        if (!sender) throw notFound();
        let recipientId: number;
        let existing: number | null;
        if (input.conversation_id !== undefined) {
          const partner = await findPartner(tx, input.conversation_id, senderId);
          if (partner === null) throw notFound();
          recipientId = partner;
          existing = input.conversation_id;
        } else {
          if (input.member_id === undefined || input.member_id === senderId) throw notFound();
          recipientId = input.member_id;
          existing = await findConversationOfPair(tx, senderId, recipientId);
        }
        if (!(await isFindableMember(tx, recipientId)) || (await isBlockedEitherWay(tx, senderId, recipientId))) {
          throw notFound();
        }
        if (sender.status !== 'confirmed') throw accountNotConfirmed();
        if (
          existing === null &&
          !sender.paidUser &&
          (await countStartedConversations(tx, senderId)) >= FREE_CONVERSATION_LIMIT
        ) {
          throw conversationLimitReached();
        }
        const free = !sender.paidUser && (await countSentMessages(tx, senderId)) < site.free_messages;
        const cost = free ? 0 : site.message_credits;
        const conversation = await findOrCreateConversation(tx, senderId, recipientId, senderId);
        const message = await insertMessage(tx, {
          conversationId: conversation.id,
          senderId,
          body,
          at,
          credits: cost,
        });
        const credits = await spendCredits(tx, senderId, cost, 'message', message.id);
        if (credits === null) throw insufficientCredits();
        const event: MessageEvent = {
          conversationId: conversation.id,
          messageId: message.id,
          senderId,
          recipientId,
        };
        return { message, credits, event };
      });
      await announce([outcome.event]);
      return { message: presentMessage(outcome.message, senderId), credits: outcome.credits, free_messages_left: 0 };
    },

    /** GET /api/chats.php. */
    async chats(memberId: number, site: ChatSite): Promise<ChatsResponse> {
      const rows = await listChats(db, memberId);
      const last = await lastMessages(
        db,
        rows.map((row) => row.conversationId),
      );
      const context = { cdnPrefix: site.cdn_prefix, now: now() };
      return {
        chats: rows.map((row) => {
          const message = last.get(row.conversationId);
          return {
            id: row.conversationId,
            profile_id: row.card.id,
            num_unread_messages: row.unreadCount,
            profile: presentCard(row.card, context),
            last_message: message ? presentLastMessage(message, memberId) : null,
          };
        }),
      };
    },

    /** GET /api/chat.php: a page of messages; opening the chat marks it read. */
    async open(memberId: number, query: ChatQuery, site: ChatSite): Promise<ChatResponse> {
      if (query.id === undefined) throw notFound();
      const partnerId = await findPartner(db, query.id, memberId);
      if (partnerId === null) throw notFound();
      const card = await findCard(db, partnerId);
      if (!card) throw notFound();
      const rows = await listMessages(db, query.id, query.before ?? null, CHAT_PAGE_SIZE + 1);
      const shown = rows.slice(0, CHAT_PAGE_SIZE);
      await markRead(db, query.id, memberId, now());
      return {
        id: query.id,
        profile: presentCard(card, { cdnPrefix: site.cdn_prefix, now: now() }),
        messages: shown.map((row) => presentMessage(row, memberId)),
        next: rows.length > CHAT_PAGE_SIZE ? (shown.at(-1)?.id ?? null) : null,
        closed: false,
        free_messages_left: 0,
      };
    },

    /** DELETE /api/chat.php. */
    async hide(memberId: number, conversationId: number): Promise<void> {
      if (!(await hideChat(db, conversationId, memberId, now()))) throw notFound();
    },

    announce,
  };
}
