import type { FastifyBaseLogger } from 'fastify';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER, type PushSubscriptionBody } from '@app/shared';
import type { Db } from '../../db/client.js';
import type { Bus } from '../../platform/bus/index.js';
import {
  CHAT_CHANNEL,
  ChatChannelEventSchema,
  LIKES_CHANNEL,
  LikesChannelEventSchema,
  VERIFICATION_CHANNEL,
  VerificationEventSchema,
  VISITS_CHANNEL,
  VisitEventSchema,
  type ChatMessageEvent,
  type LikeEvent,
  type VerificationEvent,
  type VisitEvent,
} from '../../platform/bus/events.js';
import { validationFailed } from '../../errors.js';
import type { PushSender } from '../../platform/push/index.js';
import { isBlockedEitherWay } from '../directory/directory.repository.js';
import type { LikesService } from '../likes/likes.service.js';
import { visitNoticeDay } from '../visits/visits.rules.js';
import {
  buildPayload,
  deliveryOf,
  endpointForLog,
  pushEndpointAllowed,
  wantsPush,
  type PushSubject,
} from './push.rules.js';
import {
  claimPush,
  countUnreadMessages,
  deleteMemberSubscription,
  deleteSubscription,
  findName,
  findRecipient,
  listSubscriptions,
  storeSubscription,
} from './push.repository.js';

export interface PushServiceDeps {
  db: Db;
  bus: Bus;
  sender: PushSender;
  log: FastifyBaseLogger;
  /** The push services' hosts (config PUSH_HOSTS): the only hosts a push is sent to. */
  pushHosts: readonly string[];
  /** Whether a like made a match, and the new likes on the badge. */
  likes: Pick<LikesService, 'hasLike' | 'newLikeCount'>;
}

/** Web push: the devices' subscriptions, and the pushes for messages, likes and matches. */
export type PushService = ReturnType<typeof createPushService>;

/**
 * One push to send: to whom, about what, and the event it comes from. The claim names the event
 * (a message, a like), not what each process made of it: two processes could tell a first
 * message or a like back apart differently in a race, and must still claim the same row.
 */
interface PushOrder {
  recipientId: number;
  /** The other member: the sender or liker; null when no member is involved (a moderator's decision). */
  otherId: number | null;
  subject: (name: string) => PushSubject;
  claim: { kind: 'message' | 'like' | 'visit' | 'verification'; ref: string };
}

export function createPushService(deps: PushServiceDeps) {
  const { db, bus, sender, log, pushHosts, likes } = deps;
  /** Pushes being worked on, so stopping waits for them before the database closes. */
  const pending = new Set<Promise<void>>();

  /**
   * The device gets the member's pushes for as long as this login lasts. Only a push service's
   * endpoint is taken: the server connects to whatever host a stored endpoint names.
   */
  async function subscribe(owner: { memberId: number; sessionId: string }, body: PushSubscriptionBody): Promise<void> {
    const { endpoint, keys } = body.subscription;
    if (!pushEndpointAllowed(endpoint, pushHosts)) {
      throw validationFailed({ 'subscription.endpoint': 'push_endpoint_not_allowed' });
    }
    await db.transaction((tx) =>
      storeSubscription(tx, owner, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, PUSH_SUBSCRIPTIONS_PER_MEMBER),
    );
  }

  async function unsubscribe(memberId: number, endpoint: string): Promise<void> {
    await deleteMemberSubscription(db, memberId, endpoint);
  }

  /**
   * Sends one push to each of the recipient's devices, unless the recipient is deleted, blocked
   * the other member (or was blocked), switched the kind off, or has no device. Claimed first:
   * every process receives the event, and only the one whose claim stored the row sends.
   */
  async function push(order: PushOrder): Promise<void> {
    // Every process sees every event and most members have no device: ask that first, alone.
    // A row stored before its host left PUSH_HOSTS (or before the check existed) is never contacted.
    const devices = (await listSubscriptions(db, order.recipientId)).filter((device) =>
      pushEndpointAllowed(device.endpoint, pushHosts),
    );
    if (devices.length === 0) return;
    const recipient = await findRecipient(db, order.recipientId);
    if (!recipient) return;
    const name = order.otherId === null ? '' : await findName(db, order.otherId);
    if (name === null) return;
    const subject = order.subject(name);
    if (!wantsPush(recipient.notificationsOff, subject.kind)) return;
    if (order.otherId !== null && (await isBlockedEitherWay(db, order.recipientId, order.otherId))) return;
    if (!(await claimPush(db, order.recipientId, order.claim.kind, order.claim.ref))) return;

    const [unread, newLikes] = await Promise.all([
      countUnreadMessages(db, order.recipientId),
      likes.newLikeCount(order.recipientId),
    ]);
    const payload = buildPayload(subject, recipient.language, unread + newLikes);
    const body = JSON.stringify(payload);
    const delivery = deliveryOf(payload);
    await Promise.all(
      devices.map(async (device) => {
        const outcome = await sender.send(device, body, delivery);
        if (outcome.kind === 'gone') {
          await deleteSubscription(db, device.id);
        } else if (outcome.kind === 'failed') {
          // The message only: web-push's error carries the whole endpoint, the device's capability.
          log.warn(
            { reason: outcome.error.message, status: outcome.status, endpoint: endpointForLog(device.endpoint) },
            'push failed',
          );
        }
      }),
    );
  }

  async function onMessage(event: ChatMessageEvent): Promise<void> {
    const { message, first } = event;
    await push({
      recipientId: event.recipient_id,
      otherId: message.sender_id,
      subject: (name) => ({
        kind: first ? 'new_conversations' : 'new_messages',
        name,
        conversationId: message.conversation_id,
      }),
      claim: { kind: 'message', ref: String(message.id) },
    });
  }

  /**
   * A like tells the liked member; a like back that made a match tells them of the match instead
   * (the match event is not pushed: the member who liked back sees the match on screen).
   */
  async function onLike(event: LikeEvent): Promise<void> {
    const match = await likes.hasLike(db, event.liked_id, event.liker_id);
    await push({
      recipientId: event.liked_id,
      otherId: event.liker_id,
      subject: (name) => (match ? { kind: 'match', name, memberId: event.liker_id } : { kind: 'like', name }),
      claim: { kind: 'like', ref: `${event.liker_id}:${event.at}` },
    });
  }

  /**
   * A visit, at most one push per member and day: the visitor is not named, since who visited
   * is what only premium members see (the page tells them).
   */
  async function onVisit(event: VisitEvent): Promise<void> {
    await push({
      recipientId: event.viewed_id,
      otherId: event.viewer_id,
      subject: () => ({ kind: 'visit', name: '' }),
      claim: { kind: 'visit', ref: `day:${visitNoticeDay(new Date(event.at))}` },
    });
  }

  /** A moderator decided the member's verification request: one push per request. */
  async function onVerification(event: VerificationEvent): Promise<void> {
    await push({
      recipientId: event.member_id,
      otherId: null,
      subject: () => ({
        kind: event.outcome === 'approved' ? 'verification_approved' : 'verification_rejected',
        name: '',
      }),
      claim: { kind: 'verification', ref: String(event.request_id) },
    });
  }

  /** Runs a handler as pending work; a failure is logged, never thrown at the bus. */
  function track(work: () => Promise<void>): Promise<void> {
    const running = work().catch((err: unknown) => log.error({ err }, 'push notification failed'));
    pending.add(running);
    void running.finally(() => pending.delete(running));
    return running;
  }

  /**
   * Subscribes to the chat, likes, visits and verification channels; the returned function unsubscribes and waits for
   * the pushes under way.
   */
  async function start(): Promise<() => Promise<void>> {
    const offChat = await bus.subscribe(CHAT_CHANNEL, (raw) => {
      const parsed = ChatChannelEventSchema.safeParse(raw);
      if (!parsed.success || parsed.data.type !== 'message') return;
      const event = parsed.data;
      return track(() => onMessage(event));
    });
    const offLikes = await bus.subscribe(LIKES_CHANNEL, (raw) => {
      const parsed = LikesChannelEventSchema.safeParse(raw);
      if (!parsed.success || parsed.data.type !== 'like') return;
      const event = parsed.data;
      return track(() => onLike(event));
    });
    const offVisits = await bus.subscribe(VISITS_CHANNEL, (raw) => {
      const parsed = VisitEventSchema.safeParse(raw);
      if (!parsed.success) return;
      const event = parsed.data;
      return track(() => onVisit(event));
    });
    const offVerification = await bus.subscribe(VERIFICATION_CHANNEL, (raw) => {
      const parsed = VerificationEventSchema.safeParse(raw);
      if (!parsed.success) return;
      const event = parsed.data;
      return track(() => onVerification(event));
    });
    return async () => {
      await offChat();
      await offLikes();
      await offVisits();
      await offVerification();
      await Promise.allSettled([...pending]);
    };
  }

  return { subscribe, unsubscribe, start };
}
