/**
 * Reports contract: a member reports another member's profile or one of their messages.
 *
 * Endpoints
 * - POST /api/report.php  ReportBody -> ReportResponse `{ report: { id, status } }`.
 *     Members only (403 authentication_required); needs the request-type header (403
 *     request_type_required); rate-limited per member (REPORT_RATE_LIMIT of the reports routes;
 *     429 rate_limited). Reporting
 *     yourself is 400 cannot_report_self; a member who does not exist or deleted the account is
 *     404 not_found; a message_id that is not a message the reported member sent in a
 *     conversation with the reporter is 404 message_not_found. A report while the same reporter
 *     has an open one about the same member and message answers that report (200), without a
 *     second row. 400 validation_failed with `fields` for a missing or unknown reason
 *     (field_required / field_invalid_option) and a note over REPORT_NOTE_MAX_LENGTH
 *     (field_too_long). A new account (younger than AUTO_SHADOW_BAN_ACCOUNT_DAYS) with open
 *     reports from AUTO_SHADOW_BAN_REPORTERS distinct members is shadow-banned at once, pending
 *     review; the answer does not tell.
 */
import { z } from 'zod';
import { IdSchema, text } from './common.js';

/** Why a member reports a profile or a message (the reports table's reason). */
export const REPORT_REASONS = ['fake', 'scam', 'spam', 'harassment', 'inappropriate', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** States of a report in the operator's queue. */
export const REPORT_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Longest note with a report, in characters (the table checks it too). */
export const REPORT_NOTE_MAX_LENGTH = 2000;

/** A missing value is 'field_required', one of the wrong type or value `otherwise`. */
const requiredOr =
  (otherwise: string) =>
  (issue: { code?: string; input?: unknown }): string | undefined => {
    if (issue.code !== 'invalid_type' && issue.code !== 'invalid_value') return undefined;
    return issue.input === undefined || issue.input === null ? 'field_required' : otherwise;
  };

/** POST /api/report.php. The note is trimmed; an empty note counts as none. */
export const ReportBodySchema = z.object({
  /** The reported member. */
  profile_id: IdSchema,
  /** The reported message, one the reported member sent to the reporter. */
  message_id: IdSchema.optional(),
  reason: z.enum(REPORT_REASONS, { error: requiredOr('field_invalid_option') }),
  note: text({ error: requiredOr('field_invalid') })
    .trim()
    .max(REPORT_NOTE_MAX_LENGTH)
    .optional(),
});
export type ReportBody = z.infer<typeof ReportBodySchema>;

/** A filed report as its reporter sees it. */
export const ReportSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(REPORT_STATUSES),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportResponseSchema = z.object({ report: ReportSchema });
export type ReportResponse = z.infer<typeof ReportResponseSchema>;
