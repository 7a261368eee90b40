/**
 * Notifications contract (issue 8; spec sections 2, 3, 4, 7, 9): web push and e-mail
 * notifications, their preferences and the reasons e-mail is disabled.
 *
 * Failures answer ErrorResponse. State-changing calls need the request-type header, except the
 * calls made by mail providers and mail clients (unsubscribe, mail webhook), which carry their own
 * proof (a signed token, a shared secret).
 *
 * Web push
 * - settings.push_public_key is the VAPID public key (generated on first start and stored, or
 *   VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY from the environment).
 * - POST   /api/user.php?push=1     PushSubscriptionBody `{ subscription }` (PushSubscription.toJSON())
 *     -> OkResponse. Stores (or refreshes) this device's subscription; a member keeps up to
 *     PUSH_SUBSCRIPTIONS_PER_MEMBER, the oldest giving way. The endpoint must be an https URL on a
 *     browser's push service (the server's PUSH_HOSTS), without user or port, else 400
 *     validation_failed with push_endpoint_not_allowed. An endpoint another member subscribed
 *     stays theirs: the call answers ok and changes nothing. Member only.
 * - DELETE /api/user.php?push=1     PushUnsubscribeBody `{ endpoint }` -> OkResponse. Member only.
 * - Pushes go out for new messages, likes and matches, per the member's preferences
 *   (new_messages / new_conversations for messages, like for likes and matches), each exactly once
 *   whatever the number of server processes; subscriptions the push service answers 404 or 410 are
 *   removed. The payload is a PushPayload.
 *
 * E-mail
 * - Notification mails per preference: new conversation, new messages (batched: at most one per
 *   NEW_MESSAGES_MAIL_MINUTES, only while unread), like, unread-message reminder (after
 *   UNREAD_REMINDER_HOURS without reading), weekly update; in the member's language, never to a
 *   member whose notifications_disabled is non-empty, never twice.
 * - Every notification mail has a one-click unsubscribe link (GET /api/unsubscribe.php?token= shows
 *   a confirmation page; its button, and the List-Unsubscribe-Post one-click POST of RFC 8058 to the
 *   same URL, add 'listunsubscribe' to the member's notifications_disabled) and the headers
 *   List-Unsubscribe and List-Unsubscribe-Post. The token is signed by the server; it names the member.
 * - POST   /api/mail-webhook.php    MailWebhookBody `{ type: 'bounce' | 'complaint', email }` with
 *     header `x-webhook-secret: MAIL_WEBHOOK_SECRET` -> OkResponse: adds 'bounce' or 'fbl'. 403
 *     without the right secret (and when no secret is configured).
 * - POST   /api/email-enable.php    -> OkResponse: clears notifications_disabled (the
 *     disabled-notifications alert's "turn e-mail back on"). Member only.
 */
import { z } from 'zod';
import { text } from './common.js';

/** New-message mails are batched: at most one per member in this many minutes. */
export const NEW_MESSAGES_MAIL_MINUTES = 15;
/** An unread message gets a reminder mail after this many hours. */
export const UNREAD_REMINDER_HOURS = 24;

/** Most push subscriptions a member keeps; a new device past it replaces their oldest. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

/**
 * The device's keys as PushSubscription.toJSON() gives them, base64url (padding allowed): its
 * P-256 public key (an uncompressed point, 65 bytes) and its auth secret (16 bytes).
 */
const PushKeysSchema = z.object({
  p256dh: z.string().regex(/^[\w-]{87}=?$/),
  auth: z.string().regex(/^[\w-]{22}(?:==)?$/),
});

export const PushSubscriptionBodySchema = z.object({
  subscription: z.object({
    endpoint: text().url().max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: PushKeysSchema,
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = z.object({ endpoint: text().url().max(2048) });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBodySchema>;

export const PushQuerySchema = z.object({ push: z.literal('1') });

/**
 * What a push message carries to the service worker: the notification's texts (in the member's
 * language), the page a click opens, and the app badge's count (unread messages + new likes).
 */
export const PushPayloadSchema = z.object({
  type: z.enum(['message', 'like', 'match', 'visit', 'verification']),
  title: z.string(),
  body: z.string(),
  /** A path of the site: /chats/{id}, /likes, /members/{id}. */
  url: z.string(),
  badge: z.number().int().nonnegative(),
  /** Replaces an earlier notification with the same tag (one per conversation). */
  tag: z.string(),
  icon: z.string().nullable(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

export const MailWebhookBodySchema = z.object({
  type: z.enum(['bounce', 'complaint']),
  email: text().email(),
});
export type MailWebhookBody = z.infer<typeof MailWebhookBodySchema>;

export const UnsubscribeQuerySchema = z.object({ token: text().min(10).max(512) });
