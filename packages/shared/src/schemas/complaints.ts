/**
 * Complaints contract (issue 9): the /complaints form.
 *
 * Endpoints
 * - POST /api/complaint.php  ComplaintBody -> ComplaintResponse `{ complaint: { id, reference } }`.
 *     Open to visitors and members (a member's id is stored with it). Stored with status 'open'
 *     (the operator's queue of issue 10) with the site's domain and the sender's language (the
 *     request's: locale cookie, else Accept-Language), then mailed: a confirmation to the sender
 *     in that language with the reference, a short copy and what happens next; and the whole
 *     complaint to settings.support_email in the site's domain_language, with the sender's
 *     address as Reply-To. A mail that fails is logged and does not fail the call: the
 *     complaint is stored either way. Needs the request-type header (403
 *     request_type_required); 5 calls per 10 minutes per client address (429 rate_limited).
 *     400 validation_failed with `fields`, each text of the errors catalogue: name, email,
 *     message missing (field_required); email wrong (email_invalid); topic missing
 *     (field_required) or not one of COMPLAINT_TOPICS (field_invalid_option); message shorter
 *     than COMPLAINT_MESSAGE_MIN_LENGTH (field_too_short); any text over its maximum
 *     (field_too_long).
 */
import { z } from 'zod';
import { text } from './common.js';
import { EmailSchema } from './accounts.js';

/** What a complaint is about. */
export const COMPLAINT_TOPICS = ['member', 'payment', 'service', 'other'] as const;
export type ComplaintTopic = (typeof COMPLAINT_TOPICS)[number];

/** States of a complaint in the operator's queue. */
export const COMPLAINT_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const COMPLAINT_NAME_MAX_LENGTH = 100;
export const COMPLAINT_MESSAGE_MIN_LENGTH = 10;
export const COMPLAINT_MESSAGE_MAX_LENGTH = 5000;
/** Free text naming the member, profile link or order the complaint is about. */
export const COMPLAINT_SUBJECT_MAX_LENGTH = 200;

/**
 * A missing value is 'field_required', one of the wrong type `otherwise`. Only for the type
 * check: a schema's error map covers its checks too, whose issues (too short, too long) keep
 * their own texts with {{min}} and {{max}}.
 */
const requiredOr =
  (otherwise: string) =>
  (issue: { code?: string; input?: unknown }): string | undefined => {
    if (issue.code !== 'invalid_type' && issue.code !== 'invalid_value') return undefined;
    return issue.input === undefined || issue.input === null ? 'field_required' : otherwise;
  };

/** What a complaint is about; missing gives 'field_required', anything else 'field_invalid_option'. */
export const ComplaintTopicSchema = z.enum(COMPLAINT_TOPICS, { error: requiredOr('field_invalid_option') });

/**
 * POST /api/complaint.php. Texts are trimmed; an empty subject counts as none. Lengths answer
 * 'field_too_short' / 'field_too_long' with their {{min}} / {{max}} (the server's validator words
 * them from the zod issue).
 */
export const ComplaintBodySchema = z.object({
  /** The sender's name, as they want to be addressed. */
  name: text({ error: requiredOr('field_invalid') })
    .trim()
    .min(1)
    .max(COMPLAINT_NAME_MAX_LENGTH),
  /** Where the confirmation and the answer go. */
  email: EmailSchema,
  topic: ComplaintTopicSchema,
  /** The member, profile link or order it is about. */
  subject: text({ error: requiredOr('field_invalid') })
    .trim()
    .max(COMPLAINT_SUBJECT_MAX_LENGTH)
    .optional(),
  message: text({ error: requiredOr('field_invalid') })
    .trim()
    .min(1, { error: 'field_required' })
    .min(COMPLAINT_MESSAGE_MIN_LENGTH)
    .max(COMPLAINT_MESSAGE_MAX_LENGTH),
});
export type ComplaintBody = z.infer<typeof ComplaintBodySchema>;

/**
 * The code a complaint is known by to its sender and to support: 'C-' and the id, at least six
 * digits (C-000123). It names the complaint in both mails and in the answer.
 */
export function complaintReference(id: number): string {
  return `C-${String(id).padStart(6, '0')}`;
}

/** A stored complaint as its sender sees it. */
export const ComplaintSchema = z.object({
  id: z.number().int().positive(),
  /** complaintReference(id), e.g. C-000123. */
  reference: z.string(),
});
export type Complaint = z.infer<typeof ComplaintSchema>;

/** POST /api/complaint.php answers the stored complaint. */
export const ComplaintResponseSchema = z.object({ complaint: ComplaintSchema });
export type ComplaintResponse = z.infer<typeof ComplaintResponseSchema>;
