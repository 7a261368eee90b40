import { z } from 'zod';
import { LocaleSchema } from './settings.js';
import { VerificationOutcomeSchema } from './verification.js';

export const GenderSchema = z.enum(['male', 'female']);
export const SexualitySchema = z.enum(['hetero', 'gay', 'lesbian', 'bi']);

/** A member's picture: URLs of its variants (the CDN's, or this server's /media/...), ready for img src. */
export const MainImageSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  match: z.string(),
});
export type MainImage = z.infer<typeof MainImageSchema>;

export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
  'visits',
] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/**
 * The marketing mails: sent only to members who opted in (at signup or with the switch in
 * settings). Until then they are among the member's switched-off types, which is also the
 * stored default of members.notifications_off; the service mails start switched on.
 */
export const MARKETING_NOTIFICATION_TYPES = ['promotions', 'news'] as const satisfies readonly NotificationType[];
export type MarketingNotificationType = (typeof MARKETING_NOTIFICATION_TYPES)[number];

/**
 * Types a member must switch on: the marketing mails and visits. A new member's stored list of
 * switched-off types starts with them (the members table's default), and the client shows them
 * off until told otherwise.
 */
export const OFF_BY_DEFAULT_NOTIFICATION_TYPES: readonly NotificationType[] = [
  ...MARKETING_NOTIFICATION_TYPES,
  'visits',
];

/** The types a new member starts with switched off: those above, less the marketing mails they opted in to. */
export function notificationsOffAtSignup(marketing: boolean): NotificationType[] {
  return OFF_BY_DEFAULT_NOTIFICATION_TYPES.filter(
    (type) => !(marketing && (MARKETING_NOTIFICATION_TYPES as readonly NotificationType[]).includes(type)),
  );
}

/** Why e-mail to a member was switched off. */
export const EmailDisabledReasonSchema = z.enum(['fbl', 'bounce', 'listunsubscribe']);
export type EmailDisabledReason = z.infer<typeof EmailDisabledReasonSchema>;

/** The logged-in member as the client sees it (spec section 3). */
export const UserSchema = z.object({
  status: z.enum(['confirmed', 'not_confirmed']),
  credits: z.number().int().nonnegative(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  language: LocaleSchema,
  fictional_icon: z.string(),
  notifications_disabled: z.array(EmailDisabledReasonSchema),
  /** A verification outcome the member has not seen yet (schemas/verification.ts), else null. */
  verification_notice: VerificationOutcomeSchema.nullable(),
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    country: z.string(),
    status: z.enum(['active', 'disabled']),
    main_image: MainImageSchema.nullable(),
  }),
});
export type User = z.infer<typeof UserSchema>;

/** GET /api/user.php: the member of the session, or null for a visitor. */
export const UserResponseSchema = z.object({ user: UserSchema.nullable() });
export type UserResponse = z.infer<typeof UserResponseSchema>;

export const UserLanguageBodySchema = z.object({ language: LocaleSchema });
export type UserLanguageBody = z.infer<typeof UserLanguageBodySchema>;
