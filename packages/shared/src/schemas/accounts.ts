/**
 * Accounts contract (issue 3): login, logout, signup, e-mail confirmation, password reset.
 *
 * Every call below answers failures with ErrorResponse (`{ error, message, fields? }`); `message`
 * and each `fields` text are already translated into the request's language (the member's, else
 * the locale cookie, else the site's domain_language). State-changing calls need the
 * request-type header (REQUEST_TYPE_HEADER: REQUEST_TYPE_VALUE), like every POST/PUT/DELETE.
 *
 * Endpoints
 * - POST /api/user.php             LoginBody -> LoginResponse `{ user }` and a fresh session cookie.
 *     401 login_failed ('Login mislukt, probeer opnieuw'); 423 account_locked after 5 failed
 *     attempts within 15 minutes from one client address, for 15 minutes and for that address
 *     (message says how many {{minutes}} are left), or after 50 within an hour from any
 *     addresses, for an hour, except in a browser with a `login_device` cookie from an earlier
 *     login; 429 rate_limited (per IP). Deleted accounts cannot log in (login_failed).
 * - GET  /api/logout.php           -> OkResponse; destroys the session and clears the cookie.
 *     Needs the request-type header like every state-changing call (403 request_type_required
 *     without it, the session untouched), so a cross-site link cannot log a member out.
 * - POST /api/signup.php           SignupBody -> SignupResponse `{ user }` (status not_confirmed,
 *     profile.status disabled) and a session cookie; the activation mail goes out at once.
 *     400 validation_failed with `fields` (see FIELD_MESSAGE_KEYS for the texts; fields.email
 *     'email_disposable' for a throw-away address, 'email_banned' for a mailbox closed by a ban);
 *     403 signups_closed (settings.signups is not 'all', and not 'with_trafficsource' with a
 *     tracking value); 409 email_taken (active account: offer login; a dot or +tag variant of an
 *     address, see emailKey, counts as that address);
 *     409 account_deleted (deleted within 14 days: offer reactivation by mail or customer service).
 * - GET  /api/activate.php?token=…  -> 302 to /activate/done, or /activate/error when the token
 *     is unknown, used or expired (48 h). Confirms the account and activates the profile.
 * - POST /api/activation.php       ActivationResendBody -> OkResponse: resends the activation
 *     mail (member only: 403 authentication_required; rate-limited: 429 rate_limited).
 *     An already confirmed member gets 409 activation_failed.
 * - POST /api/password-reset.php   PasswordResetRequestBody -> OkResponse; mails a reset link to
 *     /reset-password/do?token=… (valid 2 h, single use). 404 email_not_found;
 *     429 reset_limit_reached (3 reset mails per member per day: try tomorrow).
 * - POST /api/password-reset-do.php PasswordResetBody -> OkResponse; sets the new password and
 *     ends all the member's sessions. 400 validation_failed with fields.password_repeat
 *     'passwords_differ' ('De opgegeven wachtwoorden zijn niet gelijk.');
 *     400 reset_token_invalid (expired or invalid link).
 * - GET  /api/outbox.php           -> OutboxResponse: dev-only list of sent mails and text
 *     messages (the SMS outbox), newest first; 404 when mail goes out through SMTP (SMTP_URL set).
 */
import { z } from 'zod';
import { IdSchema, isCleanText, text } from './common.js';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
} from '../constants.js';
import { CountrySchema, LocaleSchema } from './settings.js';
import { GenderSchema, SexualitySchema, UserSchema } from './user.js';

/**
 * An e-mail address; a wrong one reports the field text 'email_invalid' ('Ongeldige e-mail').
 * Zod issue messages that are FIELD_MESSAGE_KEYS are the catalogue keys the server translates.
 */
export const EmailSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'field_required' : 'email_invalid') })
  .refine(isCleanText, { error: 'field_invalid_characters' })
  .trim()
  .max(254, { error: 'email_invalid' })
  .pipe(z.email({ error: 'email_invalid' }));

const PasswordSchema = text().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** POST /api/user.php */
export const LoginBodySchema = z.object({
  email: text().trim().min(1).max(254),
  password: text().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** POST /api/user.php answers the logged-in member. */
export const LoginResponseSchema = z.object({ user: UserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Traffic source of a visitor (spec section 3, tracking record); all parts optional. */
export const TrackingSchema = z.object({
  network: text().max(100).optional(),
  ref: text().max(100).optional(),
  sub1: text().max(255).optional(),
  sub2: text().max(255).optional(),
  sub3: text().max(255).optional(),
});
export type Tracking = z.infer<typeof TrackingSchema>;

/** Whether a tracking record counts as a stored traffic source (any non-empty part). */
export function hasTrafficSource(tracking: Tracking | null | undefined): boolean {
  return !!tracking && Object.values(tracking).some((v) => typeof v === 'string' && v.trim() !== '');
}

/** 'YYYY-MM-DD' that is a real calendar date. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900;
}

function hasString(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[key] === 'string';
}

/** A profile name must not start with @ (spec section 5). */
export function startsWithAt(name: string): boolean {
  return name.trim().startsWith('@');
}

/** A profile name must differ from the e-mail address (spec section 5), ignoring case and spaces. */
export function nameEqualsEmail(name: string, email: string): boolean {
  return name.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * Birth date 'YYYY-MM-DD': missing -> 'date_of_birth_required' ('Vul uw geboortedatum in'),
 * wrong -> 'date_of_birth_invalid' ('Ongeldige geboortedatum.'). The minimum age
 * (settings.min_age) is checked by the server: 'date_of_birth_too_young' with {{min_age}}.
 */
export const DateOfBirthSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'date_of_birth_required' : 'date_of_birth_invalid') })
  .refine(isCleanText, { error: 'field_invalid_characters' })
  .trim()
  .min(1, { error: 'date_of_birth_required' })
  .refine(isIsoDate, { error: 'date_of_birth_invalid' });

/**
 * POST /api/signup.php. Besides the checks of the fields themselves the name must differ from
 * the e-mail ('name_equals_email') and not start with @ ('name_starts_with_at'); terms must be
 * true ('terms_required').
 */
export const SignupBodySchema = z
  .object({
    email: EmailSchema,
    password: PasswordSchema,
    /** Profile name. */
    name: text().trim().min(1).max(PROFILE_NAME_MAX_LENGTH),
    date_of_birth: DateOfBirthSchema,
    gender: GenderSchema,
    /** Whom the member seeks, with gender. */
    sexuality: SexualitySchema,
    country: CountrySchema,
    terms: z.literal(true, { error: 'terms_required' }),
    /** Opted in to the marketing mails (promotions, news); unticked, so absent is no. */
    marketing: z.boolean().optional(),
    /** A first message for recipient_id, delivered once the e-mail is confirmed. */
    signup_message: text().trim().max(SIGNUP_MESSAGE_MAX_LENGTH).optional(),
    /** Member id of /members/{id}/signup. */
    recipient_id: IdSchema.optional(),
    /** The stored traffic source of the visitor, if any. */
    tracking: TrackingSchema.optional(),
    /** The landing page the visitor arrived on, as its path without the leading slash. */
    landing: text().trim().max(200).optional(),
    /** The language the visitor is using; the member's language and that of the mails. */
    language: LocaleSchema,
  })
  .refine((body) => !startsWithAt(body.name), {
    path: ['name'],
    error: 'name_starts_with_at',
    when: (payload) => hasString(payload.value, 'name'),
  })
  .refine((body) => !nameEqualsEmail(body.name, body.email), {
    path: ['name'],
    error: 'name_equals_email',
    when: (payload) => hasString(payload.value, 'name') && hasString(payload.value, 'email'),
  });
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const SignupResponseSchema = z.object({ user: UserSchema });
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/** POST /api/activation.php: resend the activation mail; no body (or `{}`). */
export const ActivationResendBodySchema = z.object({}).optional();
export type ActivationResendBody = z.infer<typeof ActivationResendBodySchema>;

/** GET /api/activate.php */
export const ActivateQuerySchema = z.object({ token: text().max(200).optional() });
export type ActivateQuery = z.infer<typeof ActivateQuerySchema>;

/** POST /api/password-reset.php */
export const PasswordResetRequestBodySchema = z.object({ email: EmailSchema });
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBodySchema>;

/**
 * POST /api/password-reset-do.php; token from the link's ?token=. Different passwords give
 * fields.password_repeat 'passwords_differ'.
 */
export const PasswordResetBodySchema = z
  .object({
    token: text().min(1).max(200),
    password: PasswordSchema,
    password_repeat: text().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.password === body.password_repeat, {
    path: ['password_repeat'],
    error: 'passwords_differ',
    when: (payload) => hasString(payload.value, 'password') && hasString(payload.value, 'password_repeat'),
  });
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

/** A mail as the dev-only outbox lists it. */
export const OutboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

/** A text message as the dev-only outbox lists it (the direct-debit code). */
export const OutboxSmsSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  text: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type OutboxSms = z.infer<typeof OutboxSmsSchema>;

/** GET /api/outbox.php (dev only, when no SMTP_URL is set). */
export const OutboxResponseSchema = z.object({ mails: z.array(OutboxMailSchema), sms: z.array(OutboxSmsSchema) });
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;
