import {
  NEW_MESSAGES_MAIL_MINUTES,
  UNREAD_REMINDER_HOURS,
  isLocale,
  DEFAULT_LOCALE,
  type Locale,
  type MarketingNotificationType,
  type StoredSettings,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MemberAnswers } from '../../plugins/member-answers.js';
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
} from '../../platform/bus/events.js';
import { isoWeekPeriod, minutePeriod, type Job } from '../../platform/jobs/runner.js';
import type { Mailer } from '../../platform/mail/index.js';
import {
  likeMail,
  newConversationMail,
  newMessagesMail,
  unreadReminderMail,
  verificationMail,
  visitMail,
  weeklyUpdateMail,
  type NotificationMail,
  type NotificationMailOpts,
} from '../../platform/mail/templates.js';
import type { SettingsService } from '../settings/settings.service.js';
import { visitNoticeDay } from '../visits/visits.rules.js';
import {
  addDisabledReason,
  claimDelivery,
  clearDisabledReasons,
  countLikesSince,
  countNewMembersNear,
  countUnread,
  findName,
  findRecipient,
  lastDeliveries,
  listUnreadMessages,
  listWeeklyRecipientIds,
  releaseDelivery,
  verificationReason,
  type Recipient,
  type UnreadMessage,
} from './notifications.repository.js';
import { loadUnsubscribeKey, signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

/**
 * The notification mails, named by the preference that switches each off; the marketing ones
 * (MARKETING_NOTIFICATION_TYPES) are off until the member opts in, so mayMail is their consent check.
 */
export type MailKind =
  | 'new_conversations'
  | 'new_messages'
  | 'like'
  | 'unread_message_reminders'
  | 'weekly_updates'
  | 'visits'
  /** Not a preference: the outcome of the member's own verification request always goes out. */
  | 'verification'
  | MarketingNotificationType;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The weekly update goes out on Monday at 09:00 UTC: its week starts then, not at midnight. */
const WEEKLY_START_OFFSET_MS = 9 * HOUR;
/** Unread messages older than this get no mail any more: stale news. */
const LOOKBACK_MS = 7 * DAY;

/**
 * Whether a member may get a mail of a kind: a real, confirmed member with e-mail on and the kind
 * switched on (for promotions and news: opted in). Every notification and marketing mail asks it.
 */
export function mayMail(member: Recipient['member'], kind: MailKind): boolean {
  return (
    member.deletedAt === null &&
    member.status === 'confirmed' &&
    !member.fictional &&
    member.notificationsDisabled.length === 0 &&
    !member.notificationsOff.includes(kind)
  );
}

/** The genders a member looks for, by their own gender and sexuality. */
export function wantedGenders(gender: 'male' | 'female', sexuality: string): Array<'male' | 'female'> {
  const other = gender === 'male' ? 'female' : 'male';
  if (sexuality === 'bi') return ['male', 'female'];
  return sexuality === 'hetero' ? [other] : [gender];
}

/** The From header of a site's mails: its name and support address. */
function mailFrom(settings: Pick<StoredSettings, 'name' | 'support_email'>): string {
  return `"${settings.name.replace(/"/g, '')}" <${settings.support_email}>`;
}

const memberLocale = (language: string): Locale => (isLocale(language) ? language : DEFAULT_LOCALE);

export interface NotificationsServiceDeps {
  db: Db;
  bus: Bus;
  mailer: Mailer;
  settings: Pick<SettingsService, 'settingsForDomain' | 'domainOrigin'>;
  log: FastifyBaseLogger;
  /** user.php shows why e-mail is off: announces the members whose reasons changed. */
  answers: Pick<MemberAnswers, 'stale' | 'staleEverywhere'>;
  now?: () => Date;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * E-mail notifications (issue 8). A new conversation and a like are mailed from their bus
 * events, which every process receives: the claim in notification_deliveries lets one send.
 * Batched mails (new messages), reminders and the weekly update come from jobs that scan the
 * database, run once per period by the job runner and claimed per mail all the same.
 */
export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { db, mailer, log } = deps;
  const now = deps.now ?? (() => new Date());
  let key: Promise<Buffer> | null = null;
  const signingKey = () =>
    (key ??= loadUnsubscribeKey(db).catch((err: unknown) => ((key = null), Promise.reject(err))));

  /**
   * Sends one mail of a kind to a member once: checks the member may get it, claims
   * (member, kind, ref), renders and sends; a failed send gives the claim back. True when sent.
   */
  async function deliver(
    memberId: number,
    kind: MailKind,
    refs: string[],
    at: Date,
    render: (
      opts: NotificationMailOpts,
      recipient: Recipient,
    ) => Promise<NotificationMail | null> | NotificationMail | null,
    path: string,
  ): Promise<boolean> {
    const recipient = await findRecipient(db, memberId);
    if (!recipient || !mayMail(recipient.member, kind)) return false;
    const claimed: string[] = [];
    for (const ref of refs) if (await claimDelivery(db, { memberId, kind, ref, at })) claimed.push(ref);
    if (claimed.length === 0) return false;
    const release = () => Promise.all(claimed.map((ref) => releaseDelivery(db, { memberId, kind, ref })));
    try {
      const settings = await deps.settings.settingsForDomain(recipient.member.domain);
      const origin = await deps.settings.domainOrigin(recipient.member.domain);
      const token = signUnsubscribeToken(await signingKey(), { memberId, kind });
      const mail = await render(
        {
          locale: memberLocale(recipient.member.language),
          site: { name: settings.name, domain: recipient.member.domain },
          name: recipient.name ?? '',
          link: `${origin}${path}`,
          unsubscribeLink: `${origin}/api/unsubscribe.php?token=${token}`,
        },
        recipient,
      );
      if (!mail) {
        await release();
        return false;
      }
      await mailer.send({ to: recipient.member.email, from: mailFrom(settings), ...mail });
      return true;
    } catch (err) {
      await release();
      throw err;
    }
  }

  /** A conversation's first message: the recipient hears who started it. */
  async function onConversationOpened(recipientId: number, conversationId: number, senderId: number) {
    const sender = (await findName(db, senderId)) ?? '';
    await deliver(
      recipientId,
      'new_conversations',
      [`conversation:${conversationId}`],
      now(),
      (o) => newConversationMail({ ...o, sender }),
      `/chats/${conversationId}`,
    );
  }

  async function onLike(likerId: number, likedId: number) {
    const liker = (await findName(db, likerId)) ?? '';
    await deliver(
      likedId,
      'like',
      [`liker:${likerId}`],
      now(),
      (o) => likeMail({ ...o, liker }),
      `/members/${likerId}`,
    );
  }

  /**
   * Someone opened the member's profile: at most one mail a day (claimed per day, however many
   * visits), not naming the visitor, whom only premium members see on the page.
   */
  async function onVisit(viewedId: number, at: Date) {
    await deliver(viewedId, 'visits', [`day:${visitNoticeDay(at)}`], now(), (o) => visitMail(o), '/visitors');
  }

  /** A moderator decided the member's verification request: once per request. */
  async function onVerification(memberId: number, requestId: number, outcome: 'approved' | 'rejected') {
    const reason = outcome === 'rejected' ? await verificationReason(db, requestId) : null;
    await deliver(
      memberId,
      'verification',
      [`request:${requestId}`],
      now(),
      (o) => verificationMail({ ...o, outcome, reason }),
      '/profile',
    );
  }

  /** The rows by `key`, in their order: a round can hold every unread message of a busy day. */
  const groupBy = (rows: UnreadMessage[], key: (row: UnreadMessage) => number) => {
    const map = new Map<number, UnreadMessage[]>();
    for (const row of rows) {
      const list = map.get(key(row));
      if (list) list.push(row);
      else map.set(key(row), [row]);
    }
    return map;
  };
  const byRecipient = (rows: UnreadMessage[]) => groupBy(rows, (row) => row.recipientId);
  const senders = (rows: UnreadMessage[]) => [...new Set(rows.map((r) => r.senderName))];

  /**
   * New messages, batched: per member at most one mail per NEW_MESSAGES_MAIL_MINUTES, about the
   * messages still unread that came after the previous one's. A batch's ref names its last
   * message (`upto:{id}`), so the next batch starts after it.
   */
  async function mailNewMessages(at: Date): Promise<number> {
    let sent = 0;
    const unread = byRecipient(await listUnreadMessages(db, new Date(at.getTime() - DAY)));
    const lastMails = await lastDeliveries(db, [...unread.keys()], 'new_messages');
    for (const [memberId, rows] of unread) {
      const last = lastMails.get(memberId);
      if (last && at.getTime() - last.at.getTime() < NEW_MESSAGES_MAIL_MINUTES * MINUTE) continue;
      const after = Number(/^upto:(\d+)$/.exec(last?.ref ?? '')?.[1] ?? 0);
      const batch = rows.filter((r) => r.messageId > after);
      if (batch.length === 0) continue;
      const ref = `upto:${Math.max(...batch.map((r) => r.messageId))}`;
      const ok = await deliver(
        memberId,
        'new_messages',
        [ref],
        at,
        (o) => newMessagesMail({ ...o, count: batch.length, senders: senders(batch) }),
        '/chats',
      );
      if (ok) sent += 1;
    }
    return sent;
  }

  /**
   * Unread messages after UNREAD_REMINDER_HOURS: one reminder per conversation's unread batch
   * (named by its first unread message), all of a member's due batches in one mail.
   */
  async function mailUnreadReminders(at: Date): Promise<number> {
    let sent = 0;
    const due = at.getTime() - UNREAD_REMINDER_HOURS * HOUR;
    const unread = await listUnreadMessages(db, new Date(due - LOOKBACK_MS), true);
    for (const [memberId, rows] of byRecipient(unread)) {
      const batches = groupBy(rows, (row) => row.conversationId);
      const dueBatches = [...batches.values()].filter((b) => b[0]!.createdAt.getTime() <= due);
      if (dueBatches.length === 0) continue;
      const refs = dueBatches.map((b) => `c${b[0]!.conversationId}:m${b[0]!.messageId}`);
      const messagesDue = dueBatches.flat();
      const ok = await deliver(
        memberId,
        'unread_message_reminders',
        refs,
        at,
        (o) => unreadReminderMail({ ...o, count: messagesDue.length, senders: senders(messagesDue) }),
        '/chats',
      );
      if (ok) sent += 1;
    }
    return sent;
  }

  /** The weekly update: new members near, likes and unread messages; nothing to say, no mail. */
  async function mailWeeklyUpdates(at: Date, period: string): Promise<number> {
    let sent = 0;
    const since = new Date(at.getTime() - 7 * DAY);
    for (let afterId = 0; ;) {
      const ids = await listWeeklyRecipientIds(db, afterId, 200);
      for (const memberId of ids) {
        const ok = await deliver(
          memberId,
          'weekly_updates',
          [period],
          at,
          async (o, r) => {
            const near =
              r.country && r.gender && r.sexuality
                ? { memberId, country: r.country, regionId: r.regionId, genders: wantedGenders(r.gender, r.sexuality) }
                : null;
            const [likes, unread, newMembers] = await Promise.all([
              countLikesSince(db, memberId, since),
              countUnread(db, memberId),
              near ? countNewMembersNear(db, near, since) : Promise.resolve(0),
            ]);
            if (likes + unread + newMembers === 0) return null;
            return weeklyUpdateMail({ ...o, likes, unread, newMembers });
          },
          '/',
        );
        if (ok) sent += 1;
      }
      if (ids.length < 200) break;
      afterId = ids[ids.length - 1]!;
    }
    return sent;
  }

  const run = async (name: string, what: () => Promise<unknown>): Promise<void> => {
    await what().catch((err: unknown) => log.error({ err, name }, 'sending a notification mail failed'));
  };

  return {
    /** The jobs of e-mail notifications, for the job runner. */
    jobs(): Job[] {
      return [
        {
          name: 'mail-new-messages',
          period: (at) => minutePeriod(at, 1),
          run: async ({ now: at }) => void (await mailNewMessages(at)),
        },
        {
          name: 'mail-unread-reminders',
          period: (at) => minutePeriod(at, 15),
          run: async ({ now: at }) => void (await mailUnreadReminders(at)),
        },
        {
          name: 'mail-weekly-updates',
          period: (at) => isoWeekPeriod(new Date(at.getTime() - WEEKLY_START_OFFSET_MS)),
          run: async ({ now: at, period }) => void (await mailWeeklyUpdates(at, period)),
        },
      ];
    },

    /** Subscribes to the events that are mailed at once; answers the unsubscribe. */
    async start(): Promise<() => Promise<void>> {
      const offChat = await deps.bus.subscribe(CHAT_CHANNEL, (raw) => {
        const event = ChatChannelEventSchema.safeParse(raw);
        if (!event.success || event.data.type !== 'message') return;
        const { recipient_id, first, message } = event.data;
        if (!first) return;
        return run('new_conversations', () =>
          onConversationOpened(recipient_id, message.conversation_id, message.sender_id),
        );
      });
      const offLikes = await deps.bus.subscribe(LIKES_CHANNEL, (raw) => {
        const event = LikesChannelEventSchema.safeParse(raw);
        if (!event.success || event.data.type !== 'like') return;
        const { liker_id, liked_id } = event.data;
        return run('like', () => onLike(liker_id, liked_id));
      });
      const offVisits = await deps.bus.subscribe(VISITS_CHANNEL, (raw) => {
        const event = VisitEventSchema.safeParse(raw);
        if (!event.success) return;
        const { viewed_id, at } = event.data;
        return run('visits', () => onVisit(viewed_id, new Date(at)));
      });
      const offVerification = await deps.bus.subscribe(VERIFICATION_CHANNEL, (raw) => {
        const event = VerificationEventSchema.safeParse(raw);
        if (!event.success) return;
        const { member_id, request_id, outcome } = event.data;
        return run('verification', () => onVerification(member_id, request_id, outcome));
      });
      return async () => {
        await offChat();
        await offLikes();
        await offVisits();
        await offVerification();
      };
    },

    /** The member a token names, or null for a token this server did not sign. */
    async verifyToken(token: string) {
      return verifyUnsubscribeToken(await signingKey(), token);
    },

    async findMember(memberId: number) {
      return findRecipient(db, memberId);
    },

    /** The one-click unsubscribe: e-mail off for the member, reason listunsubscribe. */
    async unsubscribe(memberId: number): Promise<void> {
      await addDisabledReason(db, { memberId }, 'listunsubscribe');
      await deps.answers.stale([memberId]);
    },

    /** A bounce or spam complaint reported by the mail provider for an address. */
    async recordMailProblem(email: string, type: 'bounce' | 'complaint'): Promise<void> {
      await addDisabledReason(db, { email }, type === 'bounce' ? 'bounce' : 'fbl');
      // The provider names an address, which any number of accounts may have held.
      await deps.answers.staleEverywhere();
    },

    async enableEmail(memberId: number): Promise<void> {
      await clearDisabledReasons(db, memberId);
      await deps.answers.stale([memberId]);
    },
  };
}
