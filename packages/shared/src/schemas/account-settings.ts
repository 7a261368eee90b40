/**
 * Account settings contract (issue 3): the member's own e-mail, password, invisible mode,
 * notification preferences, account deletion with retention offers, and reactivation.
 *
 * Failures answer ErrorResponse, translated like every call (see schemas/accounts.ts). All
 * calls but reactivation need a logged-in member (403 authentication_required otherwise).
 *
 * Endpoints
 * - GET  /api/account.php            -> AccountSettingsResponse.
 * - PUT  /api/account.php            AccountSettingsBody -> AccountSettingsResponse; each change
 *     is saved at once (invisible mode, any subset of the notification switches).
 * - POST /api/password.php           PasswordChangeBody -> OkResponse and a fresh session cookie;
 *     every other session of the member ends. 400 validation_failed with
 *     fields.old_password 'old_password_wrong', or fields.password_repeat 'passwords_differ'
 *     ('De opgegeven wachtwoorden zijn niet gelijk.').
 * - POST /api/email-change.php       EmailChangeBody -> OkResponse; mails a confirmation link to
 *     the new address (/mail-change/do?token=…, valid 24 h, single use). 400 validation_failed
 *     with fields.email 'email_invalid' ('Ongeldige e-mail'), 'email_in_use' ('Dit e-mailadres
 *     heeft al een account op deze site.', also for a dot or +tag variant of another account's
 *     address), 'email_disposable', 'email_banned' or 'email_unchanged', or fields.password
 *     'password_wrong'.
 * - POST /api/email-change-do.php    EmailChangeConfirmBody -> EmailChangeConfirmResponse; the
 *     address changes, the old address is told. 400 mail_change_token_invalid (expired, used or
 *     unknown link); 409 email_in_use (taken since the link was mailed); 400 validation_failed
 *     (fields.email 'email_banned') when a ban closed the mailbox meanwhile.
 * - POST /api/retention-offer.php    RetentionOfferBody -> RetentionOfferResponse: the discount
 *     of the company's delete_discount, as a personal code for one purchase within 30 days.
 *     404 not_found when the company offers none (delete_discount 0). Asking again answers the
 *     same code while it is valid.
 * - POST /api/account-delete.php     AccountDeleteBody -> OkResponse; the account is hidden at
 *     once, every session ends (the cookie is cleared) and a reactivation link is mailed
 *     (valid ACCOUNT_REACTIVATION_DAYS days). After those days a scheduled job erases the
 *     account for good. 400 validation_failed with fields.password 'password_wrong'.
 * - POST /api/reactivation.php       ReactivationRequestBody -> OkResponse; mails a new
 *     reactivation link when the address belongs to an account deleted within the 14 days (at
 *     most 3 a day; the link never outlasts those days). Answers ok either way, so it does not
 *     tell which addresses have accounts.
 *
 * The calls that check the password (password, e-mail change, deletion) are limited per member,
 * reactivation and email-change-do per IP address: 429 rate_limited beyond that.
 * - GET  /api/reactivate.php?token=… -> 302 to /login?reactivated=1 (the account is back, as it
 *     was) or /login?reactivated=0 (link unknown, used or expired).
 */
import { z } from 'zod';
import { text } from './common.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { EmailSchema } from './accounts.js';
import { NOTIFICATION_TYPES, NotificationTypeSchema, notificationsOffAtSignup } from './user.js';

/** Each notification type switched on (true) or off. */
export const NotificationPreferencesSchema = z.record(NotificationTypeSchema, z.boolean());
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** The member's account as the settings page shows it. */
export const AccountSettingsSchema = z.object({
  email: z.string(),
  /** Hidden from search and cannot be contacted. */
  invisible: z.boolean(),
  notification_preferences: NotificationPreferencesSchema,
});
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

export const AccountSettingsResponseSchema = z.object({ account: AccountSettingsSchema });
export type AccountSettingsResponse = z.infer<typeof AccountSettingsResponseSchema>;

/** PUT /api/account.php: only what changes. */
export const AccountSettingsBodySchema = z
  .object({
    invisible: z.boolean().optional(),
    notification_preferences: z.partialRecord(NotificationTypeSchema, z.boolean()).optional(),
  })
  .strict();
export type AccountSettingsBody = z.infer<typeof AccountSettingsBodySchema>;

const NewPasswordSchema = text().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const CurrentPasswordSchema = text().min(1).max(PASSWORD_MAX_LENGTH);

/** POST /api/password.php */
export const PasswordChangeBodySchema = z
  .object({
    old_password: CurrentPasswordSchema,
    password: NewPasswordSchema,
    password_repeat: text().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.password === body.password_repeat, {
    path: ['password_repeat'],
    error: 'passwords_differ',
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | null;
      return typeof v?.password === 'string' && typeof v.password_repeat === 'string';
    },
  });
export type PasswordChangeBody = z.infer<typeof PasswordChangeBodySchema>;

/** POST /api/email-change.php: the new address, confirmed with the current password. */
export const EmailChangeBodySchema = z.object({ email: EmailSchema, password: CurrentPasswordSchema });
export type EmailChangeBody = z.infer<typeof EmailChangeBodySchema>;

/** POST /api/email-change-do.php: the token of the mailed link. */
export const EmailChangeConfirmBodySchema = z.object({ token: text().min(1).max(200) });
export type EmailChangeConfirmBody = z.infer<typeof EmailChangeConfirmBodySchema>;

export const EmailChangeConfirmResponseSchema = z.object({ email: z.string() });
export type EmailChangeConfirmResponse = z.infer<typeof EmailChangeConfirmResponseSchema>;

/**
 * Why a member leaves; each reason has its own solution offered before the final step:
 * found_partner (congratulations, nothing to fix), not_enough_contacts (match finder, a better
 * profile), too_expensive (the company's delete_discount), too_many_emails (notification
 * switches), privacy and taking_break (invisible mode instead), other (customer service).
 */
export const DELETE_REASONS = [
  'found_partner',
  'not_enough_contacts',
  'too_expensive',
  'too_many_emails',
  'privacy',
  'taking_break',
  'other',
] as const;
export const DeleteReasonSchema = z.enum(DELETE_REASONS);
export type DeleteReason = z.infer<typeof DeleteReasonSchema>;

/** POST /api/account-delete.php */
export const AccountDeleteBodySchema = z.object({
  reason: DeleteReasonSchema,
  /** Free text, kept with the deletion for the operator. */
  note: text().trim().max(1000).optional(),
  password: CurrentPasswordSchema,
});
export type AccountDeleteBody = z.infer<typeof AccountDeleteBodySchema>;

/**
 * POST /api/retention-offer.php: the reason the member chose. Logged with the offer for the
 * operator; the reason that counts is the one stored with the deletion (AccountDeleteBody).
 */
export const RetentionOfferBodySchema = z.object({ reason: DeleteReasonSchema });
export type RetentionOfferBody = z.infer<typeof RetentionOfferBodySchema>;

/** A personal discount code for the member's next purchase. */
export const RetentionOfferSchema = z.object({
  code: z.string(),
  percentage: z.number().int().min(1).max(100),
  /** ISO 8601. */
  expires: z.string(),
});
export type RetentionOffer = z.infer<typeof RetentionOfferSchema>;
export const RetentionOfferResponseSchema = z.object({ offer: RetentionOfferSchema });
export type RetentionOfferResponse = z.infer<typeof RetentionOfferResponseSchema>;

/** POST /api/reactivation.php */
export const ReactivationRequestBodySchema = z.object({ email: EmailSchema });
export type ReactivationRequestBody = z.infer<typeof ReactivationRequestBodySchema>;

/** GET /api/reactivate.php */
export const ReactivateQuerySchema = z.object({ token: text().max(200).optional() });
export type ReactivateQuery = z.infer<typeof ReactivateQuerySchema>;

/** A new member's preferences: every service mail on, the marketing mails on only when they opted in. */
export function defaultNotificationPreferences(marketing = false): NotificationPreferences {
  const off = notificationsOffAtSignup(marketing);
  return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, !off.includes(type)])) as NotificationPreferences;
}
