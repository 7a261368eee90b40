/**
 * Operator console contract (issue 10): staff log in with a password and a second factor, and
 * work on members, content, reports, complaints, site-run profiles and settings, each as far as
 * their role allows (STAFF_PERMISSIONS). Every call that changes something writes an entry to
 * the audit log.
 *
 * Staff are not members: their session is the httpOnly cookie STAFF_COOKIE, apart from the
 * member's, valid STAFF_SESSION_HOURS. Every call needs it, except login; without a verified
 * staff session a call answers 403 `staff_authentication_required`, and with a role that lacks
 * the permission 403 `permission_denied`. State-changing calls need the request-type header,
 * like the member API.
 *
 * Endpoints
 * - POST /api/admin/login.php       StaffLoginBody -> StaffLoginResponse. Right password: a
 *     pending session (STAFF_PENDING_MINUTES) that can only take the second step; `step` says
 *     which: 'totp' or, for a first login, 'enroll' with the new secret. Wrong: 400
 *     `staff_login_failed`; five failures lock the account for 15 minutes (`account_locked`).
 * - POST /api/admin/totp.php        StaffTotpBody -> StaffTotpResponse. A current code of the
 *     authenticator (or, instead, an unused recovery code) verifies the session. Enrolling
 *     answers the recovery codes, once. Wrong: 400 `totp_invalid`; counts as a failed login.
 * - GET  /api/admin/me.php          -> StaffMeResponse: { staff, demo_payments }.
 * - POST /api/admin/logout.php      -> { ok: true }.
 * - POST /api/admin/recovery-codes.php -> { recovery_codes } (new set; the old set stops working).
 * - GET  /api/admin/dashboard.php?days=  -> DashboardResponse (per UTC day, oldest first).
 * - GET  /api/admin/members.php?q=&before=  -> AdminMemberListResponse. q: an id, an e-mail
 *     (or part) or a profile name (or its start).
 * - GET  /api/admin/member.php?id=  -> AdminMemberResponse.
 * - GET  /api/admin/member-visits.php?id=  -> AdminMemberVisitsResponse: who opened the member's
 *     profile and whose profiles the member opened (profile visitors, decision 0076), each as a
 *     count and the latest ADMIN_VISITS_SHOWN, newest first; read-only, for `members.view`.
 * - POST /api/admin/member-credits.php  AdminCreditsBody -> { balance }; a ledger row
 *     'adjustment'; the balance can never go below 0 (400 `insufficient_credits`).
 * - POST /api/admin/member-status.php   AdminMemberStatusBody -> AdminMemberResponse: ban,
 *     shadow-ban, unban. A ban ends the member's sessions; the reason shows on /pages/ban.
 * - POST /api/admin/member-activation.php { member_id } -> { ok: true } (resends the mail).
 * - POST /api/admin/member-delete.php   { member_id, reason } -> { ok: true } (the member's own
 *     deletion: hidden at once, erased after the reactivation window).
 * - GET  /api/admin/cases.php?status=&kind=  -> CaseListResponse: reports and complaints in one
 *     queue, each kind only for the roles that may see it.
 * - GET  /api/admin/case.php?kind=&id=  -> CaseResponse (with notes and, for a reported message,
 *     the messages around it).
 * - POST /api/admin/case.php  CaseUpdateBody -> CaseResponse (status and/or a note).
 * - GET  /api/admin/inbox.php  -> InboxResponse: conversations of site-run profiles that wait
 *     for an answer, oldest waiting first.
 * - GET  /api/admin/inbox-thread.php?conversation_id=  -> InboxThreadResponse.
 * - POST /api/admin/inbox-reply.php  InboxReplyBody -> { message }: sent as the site-run profile,
 *     delivered live like any message, and the staff member recorded with it.
 * - GET  /api/admin/held.php  -> HeldContentResponse (messages and about-me texts held back).
 * - POST /api/admin/held.php  HeldDecisionBody -> { ok: true }.
 * - GET  /api/admin/sites.php  -> AdminSitesResponse (every domain's stored settings).
 * - PUT  /api/admin/site.php   AdminSiteBody -> { site }: validated as a whole by
 *     StoredSettingsSchema; the site uses it at once in this process and within the settings
 *     cache time in others.
 * - GET  /api/admin/audit.php?before=&staff_id=&target_type=&target_id=  -> AuditResponse.
 */
import { z } from 'zod';
import { IdSchema, queryInt, QueryIdSchema, QuerySerialIdSchema, SerialIdSchema, text } from './common.js';
import { StoredSettingsSchema } from './settings.js';

export const STAFF_ROLES = ['admin', 'moderator', 'support'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/**
 * What each role may do. Admins everything; moderators members, content, reports and the
 * site-run profiles' conversations; support members, orders and complaints, never settings.
 */
export const STAFF_PERMISSIONS = {
  dashboard: ['admin', 'moderator', 'support'],
  'members.view': ['admin', 'moderator', 'support'],
  'members.credits': ['admin', 'support'],
  'members.ban': ['admin', 'moderator'],
  'members.activation': ['admin', 'support'],
  'members.delete': ['admin', 'support'],
  content: ['admin', 'moderator'],
  reports: ['admin', 'moderator'],
  complaints: ['admin', 'support'],
  conversations: ['admin', 'moderator'],
  orders: ['admin', 'support'],
  settings: ['admin'],
  audit: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

/** Whether a role may do something: the one check the server enforces and the console mirrors. */
export function staffCan(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** The staff session cookie: httpOnly, SameSite=Strict, path /api/admin. */
export const STAFF_COOKIE = 'staff_session';
export const STAFF_SESSION_HOURS = 12;
/** Between password and second factor. */
export const STAFF_PENDING_MINUTES = 5;
export const STAFF_RECOVERY_CODE_COUNT = 10;

const Reason = text().trim().min(3).max(500);

export const StaffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const StaffLoginBodySchema = z.object({
  email: text().trim().min(1).max(254),
  password: text().min(1).max(200),
});
export type StaffLoginBody = z.infer<typeof StaffLoginBodySchema>;

export const StaffLoginResponseSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('totp') }),
  z.object({
    step: z.literal('enroll'),
    /** Base32 secret, to type in by hand. */
    secret: z.string(),
    /** otpauth:// URI for the QR code. */
    otpauth_url: z.string(),
  }),
]);
export type StaffLoginResponse = z.infer<typeof StaffLoginResponseSchema>;

export const StaffTotpBodySchema = z
  .object({
    code: text()
      .trim()
      .regex(/^\d{6}$/)
      .optional(),
    recovery_code: text().trim().min(8).max(32).optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), {
    message: 'field_required',
    path: ['code'],
  });
export type StaffTotpBody = z.infer<typeof StaffTotpBodySchema>;

export const StaffTotpResponseSchema = z.object({
  staff: StaffMeSchema,
  /** As in StaffMeResponse: the console shows its demo-payments banner from the login on. */
  demo_payments: z.boolean(),
  /** Only when the second factor was just enrolled: shown once, stored only as hashes. */
  recovery_codes: z.array(z.string()).optional(),
});
export type StaffTotpResponse = z.infer<typeof StaffTotpResponseSchema>;

export const StaffMeResponseSchema = z.object({
  staff: StaffMeSchema,
  /** Payments go through the demo checkout, where members mark their own orders paid. */
  demo_payments: z.boolean(),
});
export type StaffMeResponse = z.infer<typeof StaffMeResponseSchema>;
export const RecoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });

// Dashboard

export const DashboardQuerySchema = z.object({ days: queryInt(7, 180).default(30) });
export const DashboardDaySchema = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  signups: z.number().int(),
  active_members: z.number().int(),
  messages: z.number().int(),
  orders: z.number().int(),
  /** Members whose first completed order was that day (they became premium). */
  first_purchases: z.number().int(),
  /** Completed orders' amounts in cents, per currency. */
  revenue: z.record(z.string(), z.number().int()),
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;
export const DashboardResponseSchema = z.object({
  days: z.array(DashboardDaySchema),
  totals: z.object({
    members: z.number().int(),
    premium_members: z.number().int(),
    open_reports: z.number().int(),
    open_complaints: z.number().int(),
    held_content: z.number().int(),
    inbox_waiting: z.number().int(),
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

// Members

export const MEMBER_MODERATION_STATES = ['active', 'banned', 'shadow_banned', 'deleted'] as const;

export const AdminMemberSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  country: z.string().nullable(),
  domain: z.string(),
  status: z.enum(['confirmed', 'not_confirmed']),
  moderation: z.enum(MEMBER_MODERATION_STATES),
  fictional: z.boolean(),
  paid_user: z.boolean(),
  credits: z.number().int(),
  signup_date: z.string(),
  thumb_url: z.string().nullable(),
});
export type AdminMemberSummary = z.infer<typeof AdminMemberSummarySchema>;

export const AdminMemberListQuerySchema = z.object({
  q: text().trim().max(200).default(''),
  /** Paging: members with a smaller id than this. */
  before: QueryIdSchema.optional(),
});
export const AdminMemberListResponseSchema = z.object({
  members: z.array(AdminMemberSummarySchema),
  next_before: z.number().int().nullable(),
});

export const AdminMemberDetailSchema = AdminMemberSummarySchema.extend({
  language: z.string(),
  ban_reason: z.string().nullable(),
  shadow_ban_reason: z.string().nullable(),
  deleted_at: z.string().nullable(),
  last_active_at: z.string().nullable(),
  profile: z
    .object({
      gender: z.string(),
      sexuality: z.string(),
      birth_date: z.string(),
      city: z.string().nullable(),
      about: z.string(),
      about_held: z.string().nullable(),
      status: z.enum(['active', 'disabled']),
    })
    .nullable(),
  photos: z.array(
    z.object({
      id: z.number().int(),
      url: z.string(),
      thumb_url: z.string(),
      is_main: z.boolean(),
      review: z.enum(['approved', 'pending', 'pending_live', 'rejected']),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      status: z.string(),
      credits: z.number().int(),
      amount: z.number().int(),
      currency: z.string(),
      method: z.string(),
      provider: z.string(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      delta: z.number().int(),
      reason: z.string(),
      balance_after: z.number().int(),
    }),
  ),
  reports_against: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      reason: z.string(),
      note: z.string(),
      status: z.string(),
      reporter_id: z.number().int().nullable(),
    }),
  ),
  complaints: z.array(
    z.object({ id: z.number().int(), created_at: z.string(), topic: z.string(), status: z.string() }),
  ),
});
export type AdminMemberDetail = z.infer<typeof AdminMemberDetailSchema>;
export const AdminMemberQuerySchema = z.object({ id: QueryIdSchema });
export const AdminMemberResponseSchema = z.object({ member: AdminMemberDetailSchema });
export type AdminMemberResponse = z.infer<typeof AdminMemberResponseSchema>;

/** How many of a member's latest visitors and visited profiles the console's member view lists. */
export const ADMIN_VISITS_SHOWN = 10;

/** The other member of a visit: who came, or whose profile was opened, with the pair's last time. */
const AdminVisitSchema = z.object({
  member_id: z.number().int(),
  /** The profile's name; null for an account without a profile. */
  name: z.string().nullable(),
  last_at: z.string(),
  /** How often the pair's visit was counted (once per counted view, see countsAsVisit). */
  count: z.number().int(),
});
export type AdminVisit = z.infer<typeof AdminVisitSchema>;

const AdminVisitListSchema = z.object({ total: z.number().int(), latest: z.array(AdminVisitSchema) });

export const AdminMemberVisitsResponseSchema = z.object({
  /** Members who opened this member's profile. */
  visitors: AdminVisitListSchema,
  /** Profiles this member opened. */
  visited: AdminVisitListSchema,
});
export type AdminMemberVisitsResponse = z.infer<typeof AdminMemberVisitsResponseSchema>;

export const AdminCreditsBodySchema = z.object({
  member_id: IdSchema,
  delta: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((d) => d !== 0, { message: 'field_invalid' }),
  reason: Reason,
});
export type AdminCreditsBody = z.infer<typeof AdminCreditsBodySchema>;
export const AdminCreditsResponseSchema = z.object({ balance: z.number().int() });

export const AdminMemberStatusBodySchema = z.object({
  member_id: IdSchema,
  action: z.enum(['ban', 'shadow_ban', 'unban']),
  /** Shown to a banned member on /pages/ban; kept for a shadow-ban and an unban. */
  reason: Reason,
});
export type AdminMemberStatusBody = z.infer<typeof AdminMemberStatusBodySchema>;
export const AdminMemberIdBodySchema = z.object({ member_id: IdSchema });
export const AdminMemberDeleteBodySchema = z.object({ member_id: IdSchema, reason: Reason });

// Reports and complaints: one queue

export const CASE_KINDS = ['report', 'complaint'] as const;
export const CaseKindSchema = z.enum(CASE_KINDS);
export const CaseStatusSchema = z.enum(['open', 'in_progress', 'resolved']);

export const CaseSummarySchema = z.object({
  kind: CaseKindSchema,
  id: z.number().int(),
  status: CaseStatusSchema,
  created_at: z.string(),
  /** A report's reason, a complaint's topic. */
  category: z.string(),
  /** The first words of the note or message. */
  excerpt: z.string(),
  /** The member it is about, when known. */
  member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
});
export type CaseSummary = z.infer<typeof CaseSummarySchema>;
export const CaseListQuerySchema = z.object({
  status: z.enum(['open', 'in_progress', 'resolved', 'all']).default('open'),
  kind: z.enum(['report', 'complaint', 'all']).default('all'),
});
export const CaseListResponseSchema = z.object({ cases: z.array(CaseSummarySchema) });

export const CaseMessageSchema = z.object({
  id: z.number().int(),
  sender_id: z.number().int(),
  kind: z.string(),
  body: z.string(),
  created_at: z.string(),
  reported: z.boolean(),
});
export const CaseNoteSchema = z.object({
  id: z.number().int(),
  staff_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export const CaseDetailSchema = CaseSummarySchema.extend({
  /** Report: the reporter's note; complaint: the message. */
  text: z.string(),
  reporter_id: z.number().int().nullable(),
  /** Complaint: the sender as they named themselves, and their address to answer. */
  sender_name: z.string().nullable(),
  sender_email: z.string().nullable(),
  subject: z.string().nullable(),
  /** A reported message with the messages around it, oldest first. */
  context: z.array(CaseMessageSchema),
  notes: z.array(CaseNoteSchema),
});
export type CaseDetail = z.infer<typeof CaseDetailSchema>;
export const CaseQuerySchema = z.object({ kind: CaseKindSchema, id: QueryIdSchema });
export const CaseUpdateBodySchema = z
  .object({
    kind: CaseKindSchema,
    id: IdSchema,
    status: CaseStatusSchema.optional(),
    note: text().trim().min(1).max(5000).optional(),
  })
  .refine((b) => b.status !== undefined || b.note !== undefined, { message: 'field_required', path: ['note'] });
export type CaseUpdateBody = z.infer<typeof CaseUpdateBodySchema>;
export const CaseResponseSchema = z.object({ case: CaseDetailSchema });

// Site-run profiles' inbox

export const InboxProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumb_url: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  age: z.number().int().nullable(),
});
export const InboxThreadSummarySchema = z.object({
  conversation_id: z.number().int(),
  fictional: InboxProfileSchema,
  member: InboxProfileSchema,
  waiting: z.number().int(),
  last_message_at: z.string(),
  last_body: z.string(),
});
export type InboxThreadSummary = z.infer<typeof InboxThreadSummarySchema>;
export const InboxResponseSchema = z.object({ threads: z.array(InboxThreadSummarySchema) });
export type InboxResponse = z.infer<typeof InboxResponseSchema>;

export const InboxMessageSchema = z.object({
  id: z.number().int(),
  /** Written by the site-run profile (true) or by the member. */
  from_fictional: z.boolean(),
  kind: z.string(),
  body: z.string(),
  /** A gift's catalogue key, for its name in the reader's language; `gift_name` is the operator's. */
  gift_key: z.string().nullable(),
  gift_name: z.string().nullable(),
  image_url: z.string().nullable(),
  created_at: z.string(),
  /** Who of the staff wrote it, for the site-run profile's messages. */
  staff_name: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;
export const InboxThreadQuerySchema = z.object({ conversation_id: QueryIdSchema });
export const InboxThreadResponseSchema = z.object({
  conversation_id: z.number().int(),
  fictional: InboxProfileSchema.extend({ about: z.string() }),
  member: InboxProfileSchema.extend({
    about: z.string(),
    gender: z.string(),
    signup_date: z.string(),
    paid_user: z.boolean(),
    credits: z.number().int(),
  }),
  messages: z.array(InboxMessageSchema),
});
export type InboxThreadResponse = z.infer<typeof InboxThreadResponseSchema>;
export const InboxReplyBodySchema = z.object({
  conversation_id: IdSchema,
  body: text().trim().min(1).max(2000),
});
export type InboxReplyBody = z.infer<typeof InboxReplyBodySchema>;
export const InboxReplyResponseSchema = z.object({ message: InboxMessageSchema });

// Held-back content

export const HeldContentResponseSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      sender_id: z.number().int(),
      sender_name: z.string().nullable(),
      recipient_id: z.number().int(),
      body: z.string(),
      reason: z.string(),
      created_at: z.string(),
    }),
  ),
  abouts: z.array(
    z.object({
      member_id: z.number().int(),
      name: z.string(),
      current: z.string(),
      held: z.string(),
    }),
  ),
});
export type HeldContentResponse = z.infer<typeof HeldContentResponseSchema>;
export const HeldDecisionBodySchema = z.object({
  kind: z.enum(['message', 'about']),
  /** The message id, or the member id of an about-me text. */
  id: IdSchema,
  decision: z.enum(['release', 'drop']),
});
export type HeldDecisionBody = z.infer<typeof HeldDecisionBodySchema>;

// Settings

export const AdminSiteSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  is_default: z.boolean(),
  company_name: z.string(),
  settings: StoredSettingsSchema,
  updated_at: z.string(),
});
export type AdminSite = z.infer<typeof AdminSiteSchema>;
export const AdminSitesResponseSchema = z.object({ sites: z.array(AdminSiteSchema) });
export const AdminSiteBodySchema = z.object({ id: SerialIdSchema, settings: StoredSettingsSchema });
export type AdminSiteBody = z.infer<typeof AdminSiteBodySchema>;
export const AdminSiteResponseSchema = z.object({ site: AdminSiteSchema });

// Audit log

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  staff_email: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditQuerySchema = z.object({
  before: QueryIdSchema.optional(),
  staff_id: QuerySerialIdSchema.optional(),
  target_type: text().max(40).optional(),
  target_id: text().max(40).optional(),
});
export const AuditResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  next_before: z.number().int().nullable(),
});
export type AuditResponse = z.infer<typeof AuditResponseSchema>;
