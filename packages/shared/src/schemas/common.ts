import { z } from 'zod';

/** The body of every failed API call: a stable snake_case code and a translated message. */
export const ErrorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Stable error codes the API answers with. Later modules add theirs here. */
export const ERROR_CODES = [
  'authentication_required',
  'request_type_required',
  'origin_not_allowed',
  'validation_failed',
  'not_found',
  'rate_limited',
  'internal_error',
  'bad_request',
  'payload_too_large',
  'unsupported_media_type',
  // accounts (schemas/accounts.ts)
  'login_failed',
  'account_locked',
  'email_taken',
  'account_deleted',
  'signups_closed',
  'reset_limit_reached',
  'reset_token_invalid',
  'email_not_found',
  'passwords_differ',
  'activation_failed',
  // account settings (schemas/account-settings.ts)
  'email_in_use',
  'mail_change_token_invalid',
  // profiles (schemas/profiles.ts)
  'photo_missing',
  'photo_not_image',
  'photo_corrupt',
  'photo_too_large',
  'photo_dimensions_too_large',
  'photo_too_small',
  'photo_limit_reached',
  'photo_not_found',
  'geocode_not_found',
  // members (schemas/members.ts)
  'cannot_block_self',
  // likes and swipe game (schemas/likes.ts)
  'cannot_like_self',
  'swipe_limit_reached',
  // chat (schemas/chat.ts)
  'account_not_confirmed',
  'conversation_limit_reached',
  'insufficient_credits',
  'repeated_message',
  'idempotency_key_reused',
  // discount codes and direct debit (schemas/payments.ts)
  'code_not_found',
  'code_used',
  'directdebit_blocked',
  'directdebit_limit',
  // orders (schemas/payments.ts)
  'no_previous_order',
  // reports (schemas/reports.ts)
  'cannot_report_self',
  'message_not_found',
  // operator console (schemas/admin.ts)
  'staff_authentication_required',
  'staff_login_failed',
  'totp_invalid',
  'permission_denied',
  'account_banned',
  // operator console, commerce (schemas/admin-commerce.ts)
  'order_not_completed',
  'order_already_refunded',
  'refund_directdebit',
  'refund_provider_mismatch',
  'refund_failed',
  // verified photos (schemas/verification.ts)
  'verification_pending',
  'verification_already_verified',
  'verification_needs_photo',
  'verification_not_found',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Message keys (errors namespace) for the per-field texts of a validation_failed answer. Modules
 * may add their own keys for domain rules (e.g. a profile name equal to the e-mail address).
 */
export const FIELD_MESSAGE_KEYS = [
  'field_required',
  'field_invalid',
  'field_too_short',
  'field_too_long',
  'field_too_small',
  'field_too_big',
  'field_invalid_option',
  'field_invalid_characters',
  // accounts (schemas/accounts.ts)
  'email_invalid',
  'date_of_birth_required',
  'date_of_birth_invalid',
  'date_of_birth_too_young',
  'name_equals_email',
  'name_starts_with_at',
  'terms_required',
  'passwords_differ',
  // account settings (schemas/account-settings.ts)
  'old_password_wrong',
  'password_wrong',
  'email_in_use',
  'email_unchanged',
  'email_disposable',
  'email_banned',
  // profiles (schemas/profiles.ts)
  'country_not_served',
  'region_not_in_country',
  'interest_unknown',
  'photo_order_invalid',
  // search (schemas/search.ts)
  'age_range_invalid',
  // discount codes and direct debit (schemas/payments.ts)
  'code_minimum_order',
  'code_method',
  'code_invalid',
  'iban_invalid',
  // orders (schemas/payments.ts)
  'method_not_offered',
  // operator console, commerce (schemas/admin-commerce.ts)
  'code_taken',
  'gift_key_taken',
  // web push (schemas/notifications.ts)
  'push_endpoint_not_allowed',
] as const;
export type FieldMessageKey = (typeof FIELD_MESSAGE_KEYS)[number];

/** `{ ok: true }` for calls that answer nothing else. */
export const OkResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponseSchema>;

/** The range of a PostgreSQL integer (int4) column: every id and count the API stores. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * Whether a text holds neither NUL (PostgreSQL cannot store it in text) nor a lone UTF-16
 * surrogate (half a character: not text at all, and written out as U+FFFD).
 */
export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && !/\p{Cs}/u.test(value);
}

/**
 * A text of a request (body, query, form field): a string refused with field_invalid_characters
 * when it holds NUL or a lone surrogate. Every request string is one of these, so no such
 * character reaches the database or a mail; chain trim, min, max and the rest as on z.string().
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isCleanText, { error: 'field_invalid_characters' });
}

/** A whole number of a request that fits an integer column; chain min and max for narrower ranges. */
export function int4() {
  return z.number().int().min(INT4_MIN).max(INT4_MAX);
}

/**
 * A record id in a JSON body: a JSON number, whole and positive, never coerced: `"7"`, `true`,
 * `[7]` are refused, so a console call cannot reach record 1 or 7 by accident. Up to
 * Number.MAX_SAFE_INTEGER, for the bigserial ids (members, messages, orders, ...): they travel
 * as JS numbers. Ids of serial (int4) tables take SerialIdSchema.
 */
export const IdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** The id of a serial (int4) table: regions, interests, credit bundles, companies, sites, staff. */
export const SerialIdSchema = z.number().int().min(1).max(INT4_MAX);

/**
 * A whole number written in a query string or form field: decimal digits only (a minus sign
 * where `min` is negative), no spaces, signs, exponents or hex, within [min, max].
 */
export function queryInt(min = 0, max = INT4_MAX) {
  const digits = new RegExp(`^${min < 0 ? '-?' : ''}\\d{1,${String(max).length}}$`);
  return z
    .string()
    .regex(digits, { error: 'field_invalid' })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** A record id in a query string or form field: digits only, as IdSchema. */
export const QueryIdSchema = queryInt(1, Number.MAX_SAFE_INTEGER);

/** A serial (int4) table's id in a query string: digits only, as SerialIdSchema. */
export const QuerySerialIdSchema = queryInt(1);
