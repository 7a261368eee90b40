import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ChatQuery,
  ChatResponse,
  ChatsResponse,
  GiftsResponse,
  MessageKind,
  SendGiftBody,
  SendMessageBody,
  SendMessageResponse,
  SiteSettings,
} from '@app/shared';
import {
  CHAT_PAGE_SIZE,
  FREE_CONVERSATION_LIMIT,
  NEW_ACCOUNT_DAYS,
  NEW_ACCOUNT_MESSAGES,
  REPEATED_OPENING_HOURS,
  REPEATED_OPENING_LIMIT,
} from '@app/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import {
  CHAT_CHANNEL,
  CREDITS_CHANNEL,
  publishEvent,
  type BusEvents,
  type ChatChannelEvent,
  type ChatMessageEvent,
  type CreditsEvent,
} from '../../platform/bus/events.js';
import type { Bus } from '../../platform/bus/index.js';
import type { MemberAnswers } from '../../plugins/member-answers.js';
import type { MediaStorage } from '../../platform/storage/index.js';
import { presentCard } from '../directory/directory.presenter.js';
import { showsPresenceTo } from '../directory/directory.rules.js';
import { isReachable } from '../directory/directory.repository.js';
import { processChatUpload } from '../media/media.images.js';
import { presentGift, presentLastMessage, presentMessage, presentStoredMessage } from './chat.presenter.js';
import {
  admitSender,
  countSentMessages,
  deleteHeldMessage,
  findActiveGift,
  findChatHead,
  findChatHeadWith,
  findKeyedMessage,
  findOrCreateConversation,
  findPartner,
  findPeers,
  findPeersOfMany,
  findSenderHistory,
  freeMemberCounts,
  hasOtherDeliveredMessage,
  hideChat,
  insertMessage,
  isShadowBanned,
  listActiveGifts,
  listChats,
  listForRecipient,
  listMessages,
  listOpeningTexts,
  markRead,
  releaseMessage,
  sendPaidMessage,
  takePendingFirstMessages,
  type ChatHead,
  type ConversationPeers,
  type CreditReason,
  type GiftRef,
  type HeldReason,
  type KeyedMessage,
  type MessageContent,
  type PeersLookup,
  type StoredMessage,
  type SendTarget,
} from './chat.repository.js';
import { chatImageKey, giftPrice } from './chat.rules.js';
import { containsContactDetails, isNewAccount, isRepeatedOpening } from './spam.rules.js';
import type { TypingGate } from './typing.gate.js';
import { createTypingOutbox } from './typing.outbox.js';
import { createBatchedLookup } from './batched-lookup.js';

export interface ChatServiceDeps {
  db: Db;
  bus: Bus;
  /** Announces members whose polled answers (chat list, user) changed. */
  answers: Pick<MemberAnswers, 'stale'>;
  /** Where chat images are written. */
  storage: MediaStorage;
  log: FastifyBaseLogger;
  /** Typing events' limit per member and conversation. */
  typingGate: TypingGate;
  now?: () => Date;
}

/** The site settings the chat needs: media URLs, message costs and length. */
export type ChatSite = Pick<
  SiteSettings,
  'cdn_prefix' | 'message_credits' | 'photo_credits' | 'gift_credits' | 'message_length' | 'free_messages'
>;

/** Who a message goes to: a member, or the other member of a conversation (exactly one is set). */
export interface MessageTarget {
  member_id?: number | undefined;
  conversation_id?: number | undefined;
}

/** The sender's idempotency key of a send (the Idempotency-Key header), or null without one. */
export type SendKey = string | null;

export const accountNotConfirmed = () => new AppError(403, 'account_not_confirmed');
export const conversationLimitReached = () => new AppError(403, 'conversation_limit_reached');
export const insufficientCredits = () => new AppError(402, 'insufficient_credits');
export const repeatedMessage = () => new AppError(400, 'repeated_message');
export const idempotencyKeyReused = () => new AppError(409, 'idempotency_key_reused');

const HOUR_MS = 3_600_000;

/** The unique index that keeps one message per sender and idempotency key. */
const CLIENT_KEY_INDEX = 'messages_sender_client_key_idx';

/** A message's target as the repository takes it: exactly one of the two is set. */
function sendTarget(target: MessageTarget): SendTarget {
  return target.conversation_id === undefined
    ? { memberId: target.member_id ?? null, conversationId: null }
    : { memberId: null, conversationId: target.conversation_id };
}

/** The ledger reason of each kind of message. */
const LEDGER_REASON: Record<MessageKind, CreditReason> = { text: 'message', image: 'image', gift: 'gift' };

/**
 * Text messages never carry media URLs, so they present alike under any CDN prefix: signup
 * messages are delivered at confirmation, where no request names a site.
 */
const TEXT_ONLY = '';

/** The free messages left to a member who sent `sent` chat messages: none for paid members. */
function freeLeft(paidUser: boolean, sent: number, site: ChatSite): number {
  return paidUser ? 0 : Math.max(0, site.free_messages - sent);
}

/** The members whose chat list or balance a chat or credit event changed. */
function membersNamed(event: ChatChannelEvent | CreditsEvent): number[] {
  switch (event.type) {
    case 'message':
      return [event.message.sender_id, event.recipient_id];
    case 'read':
      return [event.member_id, event.partner_id];
    case 'hidden':
    case 'credits':
      return [event.member_id];
  }
}

/** Ms the live channel's typing checks wait for others to share their query. */
const TYPING_CHECK_BATCH_MS = 10;
/** Typing checks one query makes at most. */
const TYPING_CHECK_BATCH_MAX = 500;

/**
 * Where the member's typing goes, by the conversation's peers: the partner, null for no one
 * (the member is invisible), undefined when refused (not theirs, or a block either way).
 */
function typingTarget(memberId: number, peers: ConversationPeers | null): number | null | undefined {
  if (!peers || peers.blocked) return undefined;
  return showsPresenceTo({ id: memberId, invisible: peers.viewerInvisible }, peers.partnerId, peers.blocked)
    ? peers.partnerId
    : null;
}

/** Conversations and messages. */
export type ChatService = ReturnType<typeof createChatService>;

export function createChatService(deps: ChatServiceDeps) {
  const { db, bus, storage, log } = deps;
  const now = deps.now ?? (() => new Date());
  const typingOutbox = createTypingOutbox({ gate: deps.typingGate, bus, log });

  /**
   * Publishes an event once its data is committed; a bus failure never fails the request. Every
   * chat and credit event changes the chat list or user.php of the members it names.
   */
  async function publish<C extends typeof CHAT_CHANNEL | typeof CREDITS_CHANNEL>(
    channel: C,
    event: BusEvents[C],
  ): Promise<void> {
    await deps.answers.stale(membersNamed(event));
    await publishEvent(bus, channel, event).catch((err: unknown) => {
      log.error({ err, channel, type: event.type }, 'publishing a bus event failed');
    });
  }

  /** Announces delivered messages to the live channel (and whatever else listens). */
  async function announce(events: ChatMessageEvent[]): Promise<void> {
    for (const event of events) await publish(CHAT_CHANNEL, event);
  }

  /** The member's free messages still to use: none for paid members. */
  async function freeMessagesLeft(tx: DbOrTx, memberId: number, paidUser: boolean, site: ChatSite): Promise<number> {
    return paidUser ? 0 : freeLeft(false, await countSentMessages(tx, memberId), site);
  }

  /**
   * The checks of a send, in the caller's transaction: one statement locks the sender's row and
   * reads the recipient and the pair's conversation (admitSender); a free member's counts
   * follow under that lock; paid members have no limits to count. Any recipient the sender may
   * not write to answers the same 404 (see the contract). Answers where the message goes, the
   * pair's conversation when they have one, what it costs (only text messages use up free
   * messages first; nothing when not `charged`, a held message) and the free messages left
   * after it, the sender's balance and whether the sender is shadow-banned. With a `key` the
   * sender already sent a message under, answers only that message (`earlier`), before any
   * rule can refuse: it is looked up once the lock is held, so a repeat that arrived while
   * the first was still being sent waited for it and finds it.
   */
  async function admit(
    tx: DbOrTx,
    senderId: number,
    target: MessageTarget,
    kind: MessageKind,
    price: number,
    site: ChatSite,
    charged = true,
    key: SendKey = null,
  ): Promise<
    | { earlier: KeyedMessage }
    | {
        earlier: null;
        recipientId: number;
        conversationId: number | null;
        cost: number;
        freeLeft: number;
        credits: number;
        shadowBanned: boolean;
      }
  > {
    if (target.conversation_id === undefined && (target.member_id === undefined || target.member_id === senderId)) {
      throw notFound();
    }
    const sender = await admitSender(tx, senderId, sendTarget(target));
    const earlier = sender && key !== null ? await findKeyedMessage(tx, senderId, key) : null;
    if (earlier) return { earlier };
    if (!sender || sender.recipientId === null || !sender.reachable) throw notFound();
    if (sender.status !== 'confirmed') throw accountNotConfirmed();
    const { recipientId } = sender;
    let conversationId = sender.conversationId;
    let freeLeft = 0;
    if (!sender.paidUser) {
      const counts = await freeMemberCounts(tx, senderId, recipientId, {
        startedLimit: FREE_CONVERSATION_LIMIT,
        sentLimit: site.free_messages,
      });
      conversationId = counts.conversationId;
      if (conversationId === null && counts.started >= FREE_CONVERSATION_LIMIT) throw conversationLimitReached();
      freeLeft = Math.max(0, site.free_messages - counts.sent);
    }
    const free = charged && kind === 'text' && freeLeft > 0;
    const cost = free || !charged ? 0 : price;
    if (sender.credits < cost) throw insufficientCredits();
    return {
      earlier: null,
      recipientId,
      conversationId,
      cost,
      freeLeft: free ? freeLeft - 1 : freeLeft,
      credits: sender.credits,
      shadowBanned: sender.shadowBanned,
    };
  }

  /**
   * Why a message waits for review before it reaches anyone: contact details in a text from a
   * new account (spam defence). Null for everything else, without a query for most texts.
   */
  async function holdReason(senderId: number, content: MessageContent, at: Date): Promise<HeldReason | null> {
    if (content.kind !== 'text' || !containsContactDetails(content.body)) return null;
    const history = await findSenderHistory(db, senderId, NEW_ACCOUNT_MESSAGES);
    const limits = { days: NEW_ACCOUNT_DAYS, messages: NEW_ACCOUNT_MESSAGES };
    return history && isNewAccount(history, at, limits) ? 'contact_details' : null;
  }

  /**
   * Refuses an opening text the sender already opened REPEATED_OPENING_LIMIT - 1 other
   * conversations with in the last REPEATED_OPENING_HOURS: a mass mailing. Runs under the
   * sender's row lock (admit), so concurrent openings are counted too.
   */
  async function refuseRepeatedOpening(tx: DbOrTx, senderId: number, body: string, at: Date): Promise<void> {
    const since = new Date(at.getTime() - REPEATED_OPENING_HOURS * HOUR_MS);
    if (isRepeatedOpening(await listOpeningTexts(tx, senderId, since), body, REPEATED_OPENING_LIMIT)) {
      throw repeatedMessage();
    }
  }

  /**
   * The answer to a repeat of a send: the message first stored under its key, as its sender
   * was answered then, with the sender's balance and free messages now. Nothing is stored,
   * charged or announced again. The key names the message, so other content is answered the
   * same; another conversation is not a repeat but a client reusing a key (409).
   */
  async function answerRepeat(
    earlier: KeyedMessage,
    target: MessageTarget,
    site: ChatSite,
  ): Promise<SendMessageResponse> {
    const { message, credits, paidUser } = earlier;
    const sameConversation =
      target.conversation_id === undefined
        ? target.member_id === earlier.partnerId
        : target.conversation_id === message.conversationId;
    if (!sameConversation) throw idempotencyKeyReused();
    return {
      message: { ...presentStoredMessage(message, site.cdn_prefix), from_me: true },
      credits,
      free_messages_left: await freeMessagesLeft(db, message.senderId, paidUser, site),
    };
  }

  /**
   * The answer to a send whose key the sender used before, or null. The sends look here first,
   * so a retry after the first attempt committed costs one indexed read and nothing else (an
   * image is not decoded again); deliver looks again under the sender's lock for a retry that
   * overtook its first attempt.
   */
  async function repeatOf(
    senderId: number,
    target: MessageTarget,
    key: SendKey,
    site: ChatSite,
  ): Promise<SendMessageResponse | null> {
    const earlier = key === null ? null : await findKeyedMessage(db, senderId, key);
    return earlier ? answerRepeat(earlier, target, site) : null;
  }

  /**
   * Sends a message of any kind: the core of message.php, message-image.php and gift.php. The
   * common case, a paid member writing into an existing conversation, is one statement
   * (sendPaidMessage); everything else (free members, first messages, refusals) takes the full
   * transaction: the checks (admit, which locks the sender's row), the message, the debit and
   * its ledger row commit together or not at all. Either way concurrent sends can never
   * overdraw. `price` is what the kind costs. The message and the new balance are announced
   * once committed. A held message (holdReason) takes the full path, costs nothing and reaches
   * only its sender; so does, paid, the message of a shadow-banned sender. A text opening a
   * conversation is refused when it repeats the sender's recent openings. The message is
   * stored under the sender's idempotency `key`; when that key names a message already
   * (`repeated`), it answers that one instead (admit, under the lock). The unique index on
   * (sender, key) is the backstop: two attempts of one send at once on the one-statement path
   * both pass the lookup, the later one's insert fails on the index once the first committed
   * (the debit's row lock orders them), and it answers the first.
   */
  async function deliver(
    senderId: number,
    target: MessageTarget,
    content: MessageContent,
    gift: GiftRef | null,
    price: number,
    site: ChatSite,
    key: SendKey,
  ): Promise<{ response: SendMessageResponse; repeated: boolean }> {
    try {
      return await store(senderId, target, content, gift, price, site, key);
    } catch (error) {
      const earlier =
        key !== null && isUniqueViolation(error, CLIENT_KEY_INDEX) ? await findKeyedMessage(db, senderId, key) : null;
      if (!earlier) throw error;
      return { response: await answerRepeat(earlier, target, site), repeated: true };
    }
  }

  /** deliver without its backstop. */
  async function store(
    senderId: number,
    target: MessageTarget,
    content: MessageContent,
    gift: GiftRef | null,
    price: number,
    site: ChatSite,
    key: SendKey,
  ): Promise<{ response: SendMessageResponse; repeated: boolean }> {
    const at = now();
    const reason = LEDGER_REASON[content.kind];
    const heldReason = await holdReason(senderId, content, at);
    const paid = heldReason
      ? null
      : await sendPaidMessage(db, senderId, sendTarget(target), { content, price, at, reason, clientKey: key });
    const outcome = paid
      ? {
          earlier: null,
          message: { ...paid.message, gift },
          recipientId: paid.recipientId,
          first: false,
          credits: paid.balance,
          cost: price,
          freeLeft: 0,
          delivered: paid.delivered,
        }
      : await db.transaction(async (tx) => {
          const admitted = await admit(tx, senderId, target, content.kind, price, site, heldReason === null, key);
          if (admitted.earlier) return { earlier: admitted.earlier };
          const { recipientId, cost, freeLeft } = admitted;
          if (admitted.conversationId === null && content.kind === 'text') {
            await refuseRepeatedOpening(tx, senderId, content.body, at);
          }
          const delivered = heldReason === null && !admitted.shadowBanned;
          const conversation =
            admitted.conversationId === null
              ? await findOrCreateConversation(tx, senderId, recipientId, senderId, delivered)
              : { id: admitted.conversationId, created: false };
          const { message, balance } = await insertMessage(
            tx,
            {
              conversationId: conversation.id,
              senderId,
              content,
              at,
              credits: cost,
              heldReason,
              delivered,
              clientKey: key,
            },
            heldReason ? null : reason,
          );
          if (!heldReason && balance === null) throw insufficientCredits();
          const credits = balance ?? admitted.credits;
          const first = conversation.created;
          return {
            earlier: null,
            message: { ...message, gift },
            recipientId,
            first,
            credits,
            cost,
            freeLeft,
            delivered,
          };
        });
    if (outcome.earlier) return { response: await answerRepeat(outcome.earlier, target, site), repeated: true };
    const message = presentStoredMessage(outcome.message, site.cdn_prefix);
    if (outcome.delivered) {
      await publish(CHAT_CHANNEL, {
        type: 'message',
        recipient_id: outcome.recipientId,
        first: outcome.first,
        message,
      });
    }
    if (outcome.cost > 0) {
      await publish(CREDITS_CHANNEL, { type: 'credits', member_id: senderId, credits: outcome.credits });
    }
    const response = {
      message: { ...message, from_me: true },
      credits: outcome.credits,
      free_messages_left: outcome.freeLeft,
    };
    return { response, repeated: false };
  }

  /**
   * Who the member's typing in the conversation goes to (decision 0083): the partner, or null
   * when to no one (the member is invisible). Refused like a send into the conversation would
   * be: 404 for a stranger, an unknown conversation or a block either way. One primary-key
   * query; the live channel remembers the answer per tab (live.hub.ts).
   */
  async function typingPartner(memberId: number, conversationId: number): Promise<number | null> {
    const target = typingTarget(memberId, await findPeers(db, conversationId, memberId));
    if (target === undefined) throw notFound();
    return target;
  }

  /** Typing checks of the live channel's frames, gathered for a moment and made in one query. */
  const framePeers = createBatchedLookup({
    lookupMany: (lookups: PeersLookup[]) => findPeersOfMany(db, lookups),
    delayMs: TYPING_CHECK_BATCH_MS,
    max: TYPING_CHECK_BATCH_MAX,
  });

  /**
   * typingPartner for a frame on the live channel, which is never answered: a refusal is no one
   * (null). Checks arriving together share one query.
   */
  async function typingPartnerOfFrame(memberId: number, conversationId: number): Promise<number | null> {
    return typingTarget(memberId, await framePeers({ memberId, conversationId })) ?? null;
  }

  /**
   * Tells the partner's tabs the member is typing, onto the bus with the process's other typing
   * events of the moment (nothing stored, no polled answer changes), unless one went out within
   * the gate's interval.
   */
  function announceTyping(memberId: number, conversationId: number, partnerId: number): Promise<void> {
    return typingOutbox.add({ conversation_id: conversationId, member_id: memberId, partner_id: partnerId });
  }

  return {
    /**
     * Delivers the first messages a member wrote while signing up through /members/{id}/signup,
     * now that the e-mail address is confirmed (spec section 4). Runs inside the confirmation's
     * transaction, so the account is confirmed and its messages sent together or not at all.
     * A recipient who meanwhile became unreachable (deleted, invisible, disabled, or blocked
     * either way) does not get it. Signup messages cost nothing: they were written before the
     * member could buy credits. Returns the events to announce once the transaction committed.
     */
    async deliverPendingFirstMessages(tx: DbOrTx, memberId: number): Promise<ChatMessageEvent[]> {
      const events: ChatMessageEvent[] = [];
      const at = now();
      for (const pending of await takePendingFirstMessages(tx, memberId)) {
        if (!(await isReachable(tx, memberId, pending.recipientId))) continue;
        // Written before the account existed: as new as an account gets.
        const heldReason = containsContactDetails(pending.body) ? 'contact_details' : null;
        const conversation = await findOrCreateConversation(
          tx,
          memberId,
          pending.recipientId,
          memberId,
          heldReason === null,
        );
        const { message } = await insertMessage(tx, {
          conversationId: conversation.id,
          senderId: memberId,
          content: { kind: 'text', body: pending.body, image: null, giftKey: null },
          at,
          heldReason,
        });
        if (heldReason) continue;
        events.push({
          type: 'message',
          recipient_id: pending.recipientId,
          first: conversation.created,
          message: presentStoredMessage({ ...message, gift: null }, TEXT_ONLY),
        });
      }
      return events;
    },

    /**
     * POST /api/message.php: a text message, free while the sender has free messages left. A
     * repeat of a send (its `key`) into the same conversation answers the first, whatever it
     * carries.
     */
    async send(senderId: number, input: SendMessageBody, site: ChatSite, key: SendKey): Promise<SendMessageResponse> {
      const repeat = await repeatOf(senderId, input, key, site);
      if (repeat) return repeat;
      const body = input.body.trim();
      if (body === '') throw validationFailed({ body: 'field_required' });
      if (body.length > site.message_length) {
        throw validationFailed({ body: { key: 'field_too_long', params: { max: site.message_length } } });
      }
      const content: MessageContent = { kind: 'text', body, image: null, giftKey: null };
      return (await deliver(senderId, input, content, null, site.message_credits, site, key)).response;
    },

    /**
     * POST /api/message-image.php: checked and re-encoded like a profile photo (nothing is
     * written for a refused upload), the files stored under an unguessable key, then sent like
     * any message. The files are removed again when the message cannot be sent after all, or
     * turns out to repeat a send that got in first (its `key`). A repeat of a send that
     * committed before is answered before the image is decoded.
     */
    async sendImage(
      senderId: number,
      target: MessageTarget,
      data: Buffer,
      site: ChatSite,
      key: SendKey,
    ): Promise<SendMessageResponse> {
      const repeat = await repeatOf(senderId, target, key, site);
      if (repeat) return repeat;
      // Refuse early, before the costly decoding; deliver checks again. With the key, so an
      // attempt that waited here for its first attempt's lock answers it rather than a refusal
      // (the credits that attempt took).
      const early = await db.transaction((tx) =>
        admit(tx, senderId, target, 'image', site.photo_credits, site, true, key),
      );
      if (early.earlier) return answerRepeat(early.earlier, target, site);
      const files = await processChatUpload(data);
      const id = randomBytes(16).toString('hex');
      const keys = { full: chatImageKey(id, 'full'), thumb: chatImageKey(id, 'thumb') };
      const written: string[] = [];
      const removeWritten = async () => {
        for (const file of written) {
          await storage
            .delete(file)
            .catch((err: unknown) => log.error({ err, key: file }, 'could not remove a chat image'));
        }
      };
      let sent: Awaited<ReturnType<typeof deliver>>;
      try {
        for (const variant of ['full', 'thumb'] as const) {
          await storage.put(keys[variant], files[variant], 'image/webp');
          written.push(keys[variant]);
        }
        const image = { key: keys.full, thumbKey: keys.thumb, width: files.width, height: files.height };
        const content: MessageContent = { kind: 'image', body: '', image, giftKey: null };
        sent = await deliver(senderId, target, content, null, site.photo_credits, site, key);
      } catch (error) {
        await removeWritten();
        throw error;
      }
      if (sent.repeated) await removeWritten();
      return sent.response;
    },

    /** GET /api/gifts.php. */
    async gifts(site: ChatSite): Promise<GiftsResponse> {
      return { gifts: (await listActiveGifts(db)).map((row) => presentGift(row, site.gift_credits)) };
    },

    /** POST /api/gift.php: a gift of the catalogue, at its price (never free); a repeat as for send. */
    async sendGift(senderId: number, input: SendGiftBody, site: ChatSite, key: SendKey): Promise<SendMessageResponse> {
      const repeat = await repeatOf(senderId, input, key, site);
      if (repeat) return repeat;
      const gift = await findActiveGift(db, input.gift);
      if (!gift) throw validationFailed({ gift: 'field_invalid_option' });
      const content: MessageContent = { kind: 'gift', body: '', image: null, giftKey: gift.key };
      const shown = { key: gift.key, name: gift.name, image: gift.image };
      const price = giftPrice(gift, site.gift_credits);
      return (await deliver(senderId, input, content, shown, price, site, key)).response;
    },

    /** GET /api/chats.php. */
    async chats(memberId: number, site: ChatSite): Promise<ChatsResponse> {
      const rows = await listChats(db, memberId);
      const context = { cdnPrefix: site.cdn_prefix, now: now(), viewerId: memberId };
      return {
        chats: rows.map((row) => ({
          id: row.conversationId,
          profile_id: row.card.id,
          num_unread_messages: row.unreadCount,
          profile: presentCard(row.card, context),
          last_message: row.lastMessage ? presentLastMessage(row.lastMessage, memberId) : null,
        })),
      };
    },

    /**
     * GET /api/chat.php: a page of messages, by conversation or by partner; opening the chat marks
     * it read. A chat opened by its id stays readable when the partner can no longer be written
     * to (`closed`); by member id it answers only for members one may write to. By id, the head
     * and the page are read at once (a page of someone else's conversation is never shown).
     */
    async open(memberId: number, query: ChatQuery, site: ChatSite): Promise<ChatResponse> {
      const before = query.before ?? null;
      const page = (conversationId: number) => listMessages(db, conversationId, memberId, before, CHAT_PAGE_SIZE + 1);
      let head: ChatHead | null;
      let rows: StoredMessage[];
      if (query.id !== undefined) {
        [head, rows] = await Promise.all([findChatHead(db, query.id, memberId, site.free_messages), page(query.id)]);
        if (!head) throw notFound();
      } else {
        if (query.member_id === undefined || query.member_id === memberId) throw notFound();
        head = await findChatHeadWith(db, query.member_id, memberId, site.free_messages);
        if (!head?.reachable) throw notFound();
        rows = head.conversationId === null ? [] : await page(head.conversationId);
      }
      const { conversationId, card } = head;
      const shown = rows.slice(0, CHAT_PAGE_SIZE);
      // Reader and partner see each other's presence alike: both invisible modes and the block count.
      const readSeen = showsPresenceTo({ id: memberId, invisible: head.viewerInvisible }, card.id, head.blocked);
      if (conversationId !== null) {
        const at = now();
        await markRead(db, conversationId, memberId, at);
        await publish(CHAT_CHANNEL, {
          type: 'read',
          conversation_id: conversationId,
          member_id: memberId,
          partner_id: card.id,
          seen_at: readSeen ? at.toISOString() : null,
        });
      }
      const partnerSeen = showsPresenceTo(card, memberId, head.blocked);
      return {
        id: conversationId,
        profile: presentCard(
          { ...card, blocked: head.blocked },
          { cdnPrefix: site.cdn_prefix, now: now(), viewerId: memberId },
        ),
        messages: shown.map((row) => presentMessage(row, memberId, site.cdn_prefix)),
        next: rows.length > CHAT_PAGE_SIZE ? (shown.at(-1)?.id ?? null) : null,
        closed: !head.reachable,
        free_messages_left: freeLeft(head.paidUser, head.sent, site),
        seen_at: partnerSeen && head.partnerReadAt ? head.partnerReadAt.toISOString() : null,
      };
    },

    /** POST /api/chat-read.php: the open chat got a new message live, and the member saw it. */
    async read(memberId: number, conversationId: number): Promise<void> {
      const peers = await findPeers(db, conversationId, memberId);
      if (!peers) throw notFound();
      const at = now();
      await markRead(db, conversationId, memberId, at);
      const seen = showsPresenceTo({ id: memberId, invisible: peers.viewerInvisible }, peers.partnerId, peers.blocked);
      await publish(CHAT_CHANNEL, {
        type: 'read',
        conversation_id: conversationId,
        member_id: memberId,
        partner_id: peers.partnerId,
        seen_at: seen ? at.toISOString() : null,
      });
    },

    /**
     * POST /api/typing.php, for a tab without an open live channel: the check, then the event.
     * An invisible member's typing and one within the gate's interval are accepted and go nowhere.
     */
    async typing(memberId: number, conversationId: number): Promise<void> {
      const partnerId = await typingPartner(memberId, conversationId);
      if (partnerId !== null) await announceTyping(memberId, conversationId, partnerId);
    },

    typingPartnerOfFrame,
    announceTyping,

    /** DELETE /api/chat.php. */
    async hide(memberId: number, conversationId: number): Promise<void> {
      if (!(await hideChat(db, conversationId, memberId, now()))) throw notFound();
      await publish(CHAT_CHANNEL, { type: 'hidden', conversation_id: conversationId, member_id: memberId });
    },

    /**
     * A staff member answers for a site-run (fictional) profile from the console: a text that
     * costs nothing, records who wrote it, marks the profile's side read and reaches the member
     * live like any message. Only for a conversation of that profile.
     */
    async sendAsSiteProfile(
      profileId: number,
      conversationId: number,
      body: string,
      staffId: number,
    ): Promise<StoredMessage> {
      const at = now();
      const { message, recipientId } = await db.transaction(async (tx) => {
        const partnerId = await findPartner(tx, conversationId, profileId);
        if (partnerId === null) throw notFound();
        const inserted = await insertMessage(tx, {
          conversationId,
          senderId: profileId,
          content: { kind: 'text', body, image: null, giftKey: null },
          at,
          staffId,
        });
        await markRead(tx, conversationId, profileId, at);
        return { message: inserted.message, recipientId: partnerId };
      });
      const stored = { ...message, gift: null };
      await publish(CHAT_CHANNEL, {
        type: 'message',
        recipient_id: recipientId,
        first: false,
        message: presentStoredMessage(stored, TEXT_ONLY),
      });
      await publish(CHAT_CHANNEL, {
        type: 'read',
        conversation_id: conversationId,
        member_id: profileId,
        partner_id: recipientId,
        // The member wrote to the site-run profile, so it is one they may see.
        seen_at: at.toISOString(),
      });
      return stored;
    },

    /**
     * Staff release a held message: it reaches the recipient as a message sent now would
     * (their list entry, unread count, live event and so its notifications), unless the sender
     * is shadow-banned by now. It stays free. 404 when the message is not held.
     */
    async releaseHeldMessage(messageId: number): Promise<void> {
      const at = now();
      const event = await db.transaction(async (tx): Promise<ChatMessageEvent | null> => {
        const message = await releaseMessage(tx, messageId);
        if (!message) throw notFound();
        const recipientId = await findPartner(tx, message.conversationId, message.senderId);
        if (recipientId === null || (await isShadowBanned(tx, message.senderId))) return null;
        await listForRecipient(tx, message.conversationId, recipientId, at);
        const first = !(await hasOtherDeliveredMessage(tx, message.conversationId, message.id));
        return {
          type: 'message',
          recipient_id: recipientId,
          first,
          message: presentStoredMessage({ ...message, gift: null }, TEXT_ONLY),
        };
      });
      if (event) await announce([event]);
    },

    /** Staff drop a held message: it is deleted and never reaches anyone. 404 when it is not held. */
    async dropHeldMessage(messageId: number): Promise<void> {
      if (!(await deleteHeldMessage(db, messageId))) throw notFound();
    },

    announce,
  };
}
